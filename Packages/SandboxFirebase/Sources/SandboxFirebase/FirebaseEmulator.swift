import Foundation
import Networking
import SandboxCore

/// The Firebase Realtime Database REST API, emulated as its official emulator
/// serves it: any path ending in `.json`, one database per `ns` query item.
///
/// ```
/// GET    /posts.json?ns=devmtn-post&orderBy="timestamp"&limitToLast=15
/// PUT    /posts/<uuid>.json?ns=devmtn-post          {"username":…,"text":…,"timestamp":…}
/// POST   /<thread>/messages.json?ns=lambda-message-board   → {"name":"-NabC…"}
/// GET    /.json?ns=lambda-message-board   Accept: text/event-stream
/// ```
///
/// It supports GET, PUT, POST, PATCH and DELETE (and the method override),
/// `print=pretty|silent`, `shallow`, every query parameter with Firebase's
/// ordering rules (`orderBy="$priority"` included), push ids, server values,
/// priorities (`.priority` in data, `…/.priority.json`, `format=export`),
/// ETags and `if-match`, JSONP `callback=` and `download=`, server-sent
/// events with keep-alives, and Firebase's error bodies.
///
/// Security rules are the Realtime Database's own language, per namespace,
/// read and replaced through `/.settings/rules.json` by an administrator
/// (`Authorization: Bearer owner`, the database secret, or an OAuth access
/// token), with signed-in users identified by Firebase ID tokens whose
/// claims are read without checking a signature, as the official emulator
/// does. Databases start with open rules (locked with a database secret).
/// It knowingly differs from the hosted service where the official emulator
/// does too: queries need no `.indexOn` rule (it is parsed and kept, not
/// enforced), and ID tokens are not verified.
public final class FirebaseEmulator: SandboxService {
    /// The namespaces seeded with the lessons' data.
    public static let lessonNamespaces = FirebaseSeed.databases.map(\.namespace)

    /// The `cancel` event a stream gets when the server ends it for falling
    /// too far behind; its reader reconnects and starts from a fresh `put`.
    static let fellBehind = FirebaseEventFrame.cancel(
        "The stream fell too far behind its reader and was closed; reconnect to start again from the current data.")

    /// Headers on every answer, as Firebase sends them: any origin may call
    /// (browsers use the REST API directly) and nothing is cached.
    static let commonHeaders: HeaderFields = ["Access-Control-Allow-Origin": "*", "Cache-Control": "no-cache"]

    /// The settings it was created with.
    public let configuration: Configuration
    let databases: FirebaseDatabases
    let storage: (any SandboxStorage)?
    /// The ID tokens read so far.
    let idTokens = FirebaseIDTokenCache()
    /// The clients connected over the Realtime Database's protocol.
    let connectedClientsTable = FirebaseConnectedClients()
    /// What a namespace that was never created reads as; never registered,
    /// stored or written.
    let emptyDatabase: FirebaseDatabase

    /// `firebase`.
    public var name: String { "firebase" }

    /// Creates the emulator, restoring every database stored in `storage`
    /// and seeding the lessons' databases that were never seeded. Rules
    /// that do not parse throw a ``FirebaseEmulatorError`` naming the place
    /// and the problem.
    public init(configuration: Configuration, storage: (any SandboxStorage)?) async throws {
        self.configuration = configuration
        let defaultRules =
            try configuration.rules.map { try Self.parsedRules($0) }
            ?? (configuration.authSecret == nil ? .open : .locked)
        self.storage = storage
        var restored: [String: FirebaseDatabase] = [:]
        if let storage {
            let prefix = FirebaseStorageCodec.namespacePrefix
            for storageNamespace in try await storage.namespaces(withPrefix: prefix) {
                let name = String(storageNamespace.dropFirst(prefix.count))
                let rows = try await storage.load(namespace: storageNamespace)
                restored[name] = FirebaseDatabase(
                    name: name,
                    tree: try FirebaseStorageCodec.tree(from: rows, namespace: storageNamespace),
                    priorities: try FirebaseStorageCodec.priorities(from: rows, namespace: storageNamespace),
                    rules: defaultRules, storage: storage,
                    keepAliveInterval: configuration.keepAliveInterval)
            }
        }
        databases = FirebaseDatabases(
            restored: restored, storage: storage, keepAliveInterval: configuration.keepAliveInterval,
            limit: max(configuration.maxNamespaces, restored.count + FirebaseSeed.databases.count),
            defaultRules: defaultRules)
        emptyDatabase = FirebaseDatabase(
            name: configuration.defaultNamespace, tree: FirebaseTree(), rules: defaultRules, storage: nil,
            keepAliveInterval: configuration.keepAliveInterval)
        if configuration.seedsLessonData {
            try await FirebaseSeed.seed(databases, storage: storage)
        }
        try await restoreRules()
    }

    /// Every path ending in `.json`; the other services' literal paths
    /// (Auth's hosts) are matched first, whatever they end in.
    public var mounts: [PathPattern] { ["/{path...}.json"] }

    /// The endpoints of ``routes``, for endpoint lists.
    public static var endpoints: [Endpoint] {
        routes.endpoints
    }

    /// Answers a REST request; every refusal is a Firebase error body.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        // The method may be overridden (`X-HTTP-Method-Override`, a header
        // or a query item), as Firebase allows: routes and handlers see the
        // one that counts. The request is copied only when it changes.
        let method = Self.method(of: request)
        guard method != request.method else { return await route(request) }
        var routed = request
        routed.method = method
        return await route(routed)
    }

    private func route(_ request: SandboxRequest) async -> SandboxResponse {
        await Self.routes.respond(
            to: request, with: self,
            notFound: { FirebaseEmulatorError.invalidPath.response },
            methodNotAllowed: { _ in FirebaseEmulatorError.methodNotAllowed.response })
    }

    /// The methods of a location: read, and the four writes.
    static let dataMethods: Set<HTTPMethod> = [.get, .head, .put, .post, .patch, .delete]

    /// The REST API's endpoints, as Firebase's REST reference lists them.
    public static let routes = RouteTable<FirebaseEmulator>([
        Route(.options, "/{path...}.json", "A browser's CORS preflight") { _, request, _ in
            var response = crossOrigin.preflight(request)
            response.headers = commonHeaders.merging(response.headers)
            return response
        },
        Route(
            nil, "/.settings/rules.json", "The security rules: GET reads, PUT replaces (an administrator only)"
        ) { (firebase, request, _) throws(FirebaseEmulatorError) in
            try await firebase.rulesRequest(request, caller: firebase.caller(of: request))
        },
        Route(
            dataMethods, "/{path...}/.priority.json", "A node's priority alone: read, replace or remove"
        ) { (firebase, request, _) throws(FirebaseEmulatorError) in
            try await firebase.location(request, priorityOnly: true)
        },
        Route(
            dataMethods, "/{path...}.json",
            "A location: GET reads, queries or streams (Accept: text/event-stream); PUT, POST (a push id), PATCH, DELETE write"
        ) { (firebase, request, _) throws(FirebaseEmulatorError) in
            try await firebase.location(request, priorityOnly: false)
        },
    ])

    /// Firebase's own answer for a path it cannot read.
    public func invalidPath(_ request: SandboxRequest) -> SandboxResponse {
        FirebaseEmulatorError.invalidPath.response
    }

    /// Firebase's limit on a write's size.
    public func maxBodySize(for request: SandboxRequest) -> Int? {
        configuration.maxBodySize
    }

    /// Firebase's own answer for a write over its size limit.
    public func bodyTooLarge(_ request: SandboxRequest) -> SandboxResponse {
        FirebaseEmulatorError.bodyTooLarge.response
    }

    // MARK: Helpers

    /// The method, or the one named by `X-HTTP-Method-Override` (header) or
    /// `x-http-method-override` (query item), for clients that can only
    /// send GET and POST.
    static func method(of request: SandboxRequest) -> String {
        let override = request.headers["X-HTTP-Method-Override"] ?? request.query("x-http-method-override")
        let method = override ?? request.method
        // Almost always sent in ASCII capitals already: no new string then.
        let isUppercase = method.utf8.allSatisfy { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) && $0 < 0x80 }
        return isUppercase ? method : method.uppercased()
    }

    /// Namespaces become storage namespaces and appear in URLs, so they are
    /// kept to the characters database names use.
    func validated(_ namespace: String) throws(FirebaseEmulatorError) -> String {
        let allowed = namespace.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
        guard allowed, !namespace.isEmpty, namespace.utf8.count <= 128 else { throw .invalidNamespace }
        return namespace
    }

    /// How the database answers other sites, as the real one does: any
    /// origin, and a preflight granting the request headers asked for, so
    /// a page's `fetch` with an `Authorization` or SDK header goes through.
    static let crossOrigin = CrossOriginPolicy(
        origins: .any, methods: ["GET", "PUT", "POST", "PATCH", "DELETE", "OPTIONS"], maxAge: 3600,
        preflightStatus: 200)

    static func queryEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// Milliseconds since 1970: server timestamps and push ids.
    static func currentTime() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))  // safe: the system clock, not input
    }
}
