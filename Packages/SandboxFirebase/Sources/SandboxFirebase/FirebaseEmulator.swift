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
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The namespace used when a request has no `ns` query item.
        public var defaultNamespace: String
        /// The database secret: with it (as `auth=` or a bearer token) a
        /// request is an administrator's and bypasses the rules. When set,
        /// only the secret is administrator (not the emulators' `owner`),
        /// and databases without rules of their own start locked.
        public var authSecret: String?
        /// The rules file text every database starts with, unless it has
        /// rules of its own; `nil` for open rules (locked with an
        /// ``authSecret``), as the lessons' public databases had.
        public var rules: String?
        /// Rules file texts for particular namespaces, by name: they
        /// replace the namespace's stored rules at start.
        public var namespaceRules: [String: String]
        /// How often a stream without changes gets a `keep-alive` event.
        public var keepAliveInterval: Duration
        /// The largest accepted request body, in bytes.
        public var maxBodySize: Int
        /// Whether empty namespaces get the lessons' seed data.
        public var seedsLessonData: Bool
        /// The most namespaces (databases) the emulator creates; a write to
        /// one more answers 507. Reading a namespace never creates it.
        public var maxNamespaces: Int

        /// Creates settings; the defaults are the lessons' open databases.
        public init(
            defaultNamespace: String = "default",
            authSecret: String? = nil,
            keepAliveInterval: Duration = .seconds(30),
            maxBodySize: Int = 16 << 20,
            seedsLessonData: Bool = true,
            maxNamespaces: Int = 1000,
            rules: String? = nil,
            namespaceRules: [String: String] = [:]
        ) {
            self.defaultNamespace = defaultNamespace
            self.authSecret = authSecret
            self.rules = rules
            self.namespaceRules = namespaceRules
            self.keepAliveInterval = keepAliveInterval
            self.maxBodySize = maxBodySize
            self.seedsLessonData = seedsLessonData
            self.maxNamespaces = max(1, maxNamespaces)
        }
    }

    /// The namespaces seeded with the lessons' data.
    public static let lessonNamespaces = FirebaseSeed.databases.map(\.namespace)

    /// The `cancel` event a stream gets when the server ends it for falling
    /// too far behind; its reader reconnects and starts from a fresh `put`.
    static let fellBehind = FirebaseEventFrame.cancel(
        "The stream fell too far behind its reader and was closed; reconnect to start again from the current data.")

    /// Headers on every answer, as Firebase sends them: any origin may call
    /// (browsers use the REST API directly) and nothing is cached.
    static let commonHeaders: HTTPHeaders = ["Access-Control-Allow-Origin": "*", "Cache-Control": "no-cache"]

    /// The settings it was created with.
    public let configuration: Configuration
    let databases: FirebaseDatabases
    private let storage: (any SandboxStorage)?
    /// The ID tokens read so far.
    private let idTokens = FirebaseIDTokenCache()
    /// What a namespace that was never created reads as; never registered,
    /// stored or written.
    private let emptyDatabase: FirebaseDatabase

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

    // MARK: Rules

    /// Where each namespace's own rules are stored: one row per namespace,
    /// its rules file text.
    static let rulesStorageNamespace = "firebase-rules"

    private static func parsedRules(_ source: String) throws(FirebaseEmulatorError) -> FirebaseRules {
        do throws(FirebaseRulesError) {
            return try FirebaseRules(source: source)
        } catch {
            throw FirebaseEmulatorError(status: 400, message: error.text)
        }
    }

    /// Puts back the rules stored for each namespace, then the ones the
    /// configuration names (which replace them, stored too).
    private func restoreRules() async throws {
        if let storage {
            for (name, data) in try await storage.load(namespace: Self.rulesStorageNamespace) {
                guard let rules = try? FirebaseRules(source: String(decoding: data, as: UTF8.self)) else { continue }
                try await databases.database(named: try validated(name)).setRules(rules)
            }
        }
        for (name, source) in configuration.namespaceRules.sorted(by: { $0.key < $1.key }) {
            try await setRules(try Self.parsedRules(source), namespace: try validated(name))
        }
    }

    /// Stores and applies a namespace's own rules.
    private func setRules(_ rules: FirebaseRules, namespace: String) async throws(FirebaseEmulatorError) {
        let database = try await databases.database(named: namespace)
        if let storage {
            do {
                try await storage.commit(
                    [.put(key: namespace, value: Data(rules.source.utf8))], in: Self.rulesStorageNamespace)
            } catch {
                throw .storageFailed(error)
            }
        }
        await database.setRules(rules)
    }

    /// `/.settings/rules.json`: an administrator reads the rules (as saved,
    /// or as strict JSON with `format=strict`) and replaces them.
    private func rulesRequest(
        _ request: SandboxRequest, caller: FirebaseCaller
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
        guard caller == .administrator else {
            throw .permissionDenied(
                FirebaseRuleDenial(explanation: "Only an administrator may read or change the rules."))
        }
        let namespace = try validated(request.query("ns") ?? configuration.defaultNamespace)
        switch request.httpMethod {
        case .get, .head:
            let rules = await databases.existing(named: namespace)?.rules ?? databases.defaultRules
            let text = request.query("format") == "strict" ? rules.strictJSON : rules.source
            return .json(200, Data(text.utf8), headers: Self.commonHeaders)
        case .put:
            // Too large or not UTF-8 fails in the parser, with its place.
            let source = String(decoding: request.body, as: UTF8.self)
            try await setRules(try Self.parsedRules(source), namespace: namespace)
            return .json(200, Data(#"{"status":"ok"}"#.utf8), headers: Self.commonHeaders)
        default:
            throw .methodNotAllowed
        }
    }

    /// Paths ending in `.json`.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasSuffix(".json")
    }

    /// The endpoints of ``routes``, for endpoint lists.
    public static var endpoints: [Endpoint] {
        routes.endpoints
    }

    /// Answers a REST request; every refusal is a Firebase error body.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        // The method may be overridden (`X-HTTP-Method-Override`, a header
        // or a query item), as Firebase allows: routes and handlers see the
        // one that counts.
        var routed = request
        routed.method = Self.method(of: request)
        return await Self.routes.respond(
            to: routed, with: self,
            notFound: { FirebaseEmulatorError.invalidPath.response },
            methodNotAllowed: { _ in FirebaseEmulatorError.methodNotAllowed.response })
    }

    /// The methods of a location: read, and the four writes.
    private static let dataMethods: Set<HTTPMethod> = [.get, .head, .put, .post, .patch, .delete]

    /// The REST API's endpoints, as Firebase's REST reference lists them.
    public static let routes = RouteTable<FirebaseEmulator>([
        Route(.options, "/{path...}.json", "A browser's CORS preflight") { _, _, _ in
            SandboxResponse(status: 200, headers: preflightHeaders)
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

    // MARK: Direct access

    /// The namespaces that hold data, sorted.
    public var namespaces: [String] {
        get async {
            var names: [String] = []
            for database in await databases.all {
                if await !database.isEmpty { names.append(database.name) }
            }
            return names.sorted()
        }
    }

    /// The value at `path` (`"posts/abc"`, with or without `.json`) as a GET
    /// would return it, arrays included; `.null` where there is nothing.
    public func value(at path: String, namespace: String? = nil) async throws -> JSON {
        let location = try FirebasePath(requestPath: path)
        let name = try validated(namespace ?? configuration.defaultNamespace)
        guard let database = await databases.existing(named: name) else { return .null }
        let value = await database.value(at: location)
        return try JSON.parse(FirebaseJSONWriter.data(value))
    }

    /// Writes `value` at `path` as a PUT would (checked the same way, stored
    /// and streamed), without a request: for tests and benchmarks that need
    /// large data quickly.
    public func setValue(_ value: JSON, at path: String, namespace: String? = nil) async throws {
        let query = "print=silent&ns=" + Self.queryEncoded(namespace ?? configuration.defaultNamespace)
        let request = SandboxRequest(
            method: "PUT", path: path.hasSuffix(".json") ? path : path + ".json", rawQuery: query,
            headers: ["Authorization": "Bearer " + (configuration.authSecret ?? "owner")], body: value.serialized())
        let response = await respond(to: request)
        guard response.status == 204 else {
            let message = (try? JSON.parse(response.data))?["error"]?.stringValue ?? "unexpected answer"
            throw FirebaseEmulatorError(status: response.status, message: message)
        }
    }

    /// The number of event streams open on a namespace.
    public func subscriptionCount(namespace: String? = nil) async -> Int {
        guard let name = try? validated(namespace ?? configuration.defaultNamespace) else { return 0 }
        return await databases.existing(named: name)?.subscriptionCount ?? 0
    }

    // MARK: Requests

    /// Who is asking: from `auth`, `access_token` or `Authorization`.
    private func caller(of request: SandboxRequest) throws(FirebaseEmulatorError) -> FirebaseCaller {
        try FirebaseCaller(request, secret: configuration.authSecret, now: Date(), cache: idTokens)
    }

    /// A read or a write of a location, or of its priority alone
    /// (`…/.priority.json`).
    private func location(
        _ request: SandboxRequest, priorityOnly: Bool
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
        let method = request.httpMethod
        let caller = try caller(of: request)
        let path = try FirebasePath(
            requestPath: priorityOnly ? String(request.path.dropLast("/.priority.json".count)) + ".json" : request.path)
        let namespace = try validated(request.query("ns") ?? configuration.defaultNamespace)
        var options = try Options(request)
        options.priorityOnly = priorityOnly
        // A read of a namespace nobody wrote to is a read of an empty
        // database, and allocates nothing; a stream must register to hear
        // later writes, so it gets the database, which lasts only as long as
        // its streams unless someone writes to it, and never counts against
        // the namespace limit until then.
        let database: FirebaseDatabase
        if method == .get || method == .head {
            if Self.isStream(request) {
                database = await databases.listening(to: namespace)
            } else {
                database = await databases.existing(named: namespace) ?? emptyDatabase
            }
        } else {
            database = try await databases.database(named: namespace)
        }
        switch method {
        case .get, .head:
            let response = try await read(request, at: path, in: database, options: options, caller: caller)
            guard method == .head, case .data = response.body else { return response }
            return SandboxResponse(status: response.status, headers: response.headers)
        default:
            return try await write(
                request, method: method, at: path, in: database, options: options, caller: caller)
        }
    }

    private static func isStream(_ request: SandboxRequest) -> Bool {
        request.headers["Accept"]?.contains("text/event-stream") == true
    }

    /// The query items and headers every method reads.
    private struct Options {
        var pretty: Bool
        var silent: Bool
        var shallow: Bool
        var wantsETag: Bool
        var hasQuery: Bool
        /// `format=export`: priorities included.
        var export: Bool
        /// `callback=`: a JSONP answer calling this function.
        var callback: String?
        /// `download=`: the answer as a file of this name.
        var download: String?
        /// The request names `…/.priority.json`.
        var priorityOnly = false

        init(_ request: SandboxRequest) throws(FirebaseEmulatorError) {
            pretty = request.query("print") == "pretty"
            silent = request.query("print") == "silent"
            shallow = request.query("shallow") == "true"
            wantsETag = request.headers["X-Firebase-ETag"]?.lowercased() == "true"
            hasQuery = FirebaseRESTQuery.parameterNames.contains { request.query($0) != nil }
            export = request.query("format") == "export"
            callback = request.query("callback")
            if let callback, !Self.isFunctionName(callback) { throw .invalidCallback }
            download = request.query("download").map(Self.fileName)
        }

        /// A JavaScript function name, dotted paths allowed (`app.got`):
        /// nothing that could break out of the call JSONP writes.
        private static func isFunctionName(_ text: String) -> Bool {
            !text.isEmpty && text.utf8.count <= 256 && !text.hasPrefix(".")
                && text.unicodeScalars.allSatisfy { scalar in
                    scalar.isASCII
                        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                            || "_$.".unicodeScalars.contains(scalar))
                }
        }

        /// The name as it can sit in a quoted `Content-Disposition` filename.
        private static func fileName(_ text: String) -> String {
            let kept = text.unicodeScalars.filter {
                $0.value >= 0x20 && $0.value != 0x7F && !"\"\\/".unicodeScalars.contains($0)
            }
            let name = String(String.UnicodeScalarView(kept.prefix(200)))
            return name.isEmpty ? "download.json" : name
        }
    }

    /// A JSON answer as the options shape it: JSONP, a download, or plain.
    private static func answer(_ status: Int, _ body: Data, headers: HTTPHeaders, options: Options) -> SandboxResponse {
        var headers = headers
        if let download = options.download {
            headers["Content-Disposition"] = "attachment; filename=\"\(download)\""
        }
        guard let callback = options.callback else { return .json(status, body, headers: headers) }
        var script = Data((callback + "(").utf8)
        script.append(body)
        script.append(contentsOf: ");".utf8)
        headers["Content-Type"] = "application/javascript; charset=utf-8"
        return SandboxResponse(status: status, headers: headers, body: .data(script))
    }

    private func read(
        _ request: SandboxRequest, at path: FirebasePath, in database: FirebaseDatabase, options: Options,
        caller: FirebaseCaller
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
        if options.shallow, options.hasQuery { throw .shallowWithQuery }
        if options.shallow, options.wantsETag { throw .shallowWithETag }
        let ifNoneMatch = request.headers["if-none-match"]
        if ifNoneMatch != nil, options.shallow || options.hasQuery || options.silent {
            throw .conditionalWithOptions
        }
        let query = try FirebaseRESTQuery.parse(request)
        if Self.isStream(request) {
            let databases = databases
            let stream = try await database.subscribe(at: path, query: query, as: caller) {
                Task { await databases.streamEnded(in: database.name) }
            }.get()
            return SandboxResponse(
                status: 200,
                headers: Self.commonHeaders.merging(["Content-Type": "text/event-stream; charset=utf-8"]),
                body: .stream(stream), cancelEvent: Self.fellBehind)
        }
        if options.priorityOnly {
            let priority = try await database.priority(at: path, as: caller).get()
            return Self.answer(
                200, FirebaseJSONWriter.data(priority, pretty: options.pretty), headers: Self.commonHeaders,
                options: options)
        }
        var value = try await database.read(at: path, query: query, as: caller, export: options.export).get()
        if options.shallow, case .object(let members) = value {
            value = .object(members.mapValues { _ in .bool(true) })
        }
        var headers = Self.commonHeaders
        if options.wantsETag || ifNoneMatch != nil {
            let etag = FirebaseETag.of(value)
            headers["ETag"] = etag
            if etag == ifNoneMatch {
                return SandboxResponse(status: 304, headers: headers)
            }
        }
        if options.silent {
            return SandboxResponse(status: 204, headers: headers)
        }
        return Self.answer(
            200, FirebaseJSONWriter.data(value, pretty: options.pretty), headers: headers, options: options)
    }

    private func write(
        _ request: SandboxRequest, method: HTTPMethod?, at path: FirebasePath, in database: FirebaseDatabase,
        options: Options, caller: FirebaseCaller
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
        guard request.body.count <= configuration.maxBodySize else { throw .bodyTooLarge }
        let ifMatch = method == .put || method == .delete ? request.headers["if-match"] : nil
        if ifMatch != nil, options.shallow || options.hasQuery || options.silent {
            throw .conditionalWithOptions
        }
        let operation: FirebaseWrite.Operation
        switch method {
        case .put where options.priorityOnly:
            operation = .setPriority(try FirebaseBodyValidator.value(of: request.body, depth: path.depth))
        case .delete where options.priorityOnly:
            operation = .setPriority(.null)
        case _ where options.priorityOnly:
            throw .invalidPath
        case .put:
            operation = .set(try FirebaseBodyValidator.value(of: request.body, depth: path.depth))
        case .post:
            operation = .push(try FirebaseBodyValidator.value(of: request.body, depth: path.depth + 1))
        case .patch:
            operation = .update(try FirebaseBodyValidator.updateMembers(of: request.body, at: path))
        default:
            operation = .remove
        }
        let write = FirebaseWrite(
            path: path, operation: operation, ifMatch: ifMatch, wantsETag: options.wantsETag || ifMatch != nil,
            now: Self.currentTime())
        var headers = Self.commonHeaders
        switch await database.apply(write, as: caller) {
        case .failure(let error):
            throw error
        case .success(.preconditionFailed(let current, let etag)):
            headers["ETag"] = etag
            return .json(412, FirebaseJSONWriter.data(current, pretty: options.pretty), headers: headers)
        case .success(.written(let echo, let etag)):
            headers["ETag"] = etag
            if options.silent {
                return SandboxResponse(status: 204, headers: headers)
            }
            return .json(200, FirebaseJSONWriter.data(echo, pretty: options.pretty), headers: headers)
        }
    }

    // MARK: Helpers

    /// The method, or the one named by `X-HTTP-Method-Override` (header) or
    /// `x-http-method-override` (query item), for clients that can only
    /// send GET and POST.
    private static func method(of request: SandboxRequest) -> String {
        let override = request.headers["X-HTTP-Method-Override"] ?? request.query("x-http-method-override")
        return (override ?? request.method).uppercased()
    }

    /// Namespaces become storage namespaces and appear in URLs, so they are
    /// kept to the characters database names use.
    private func validated(_ namespace: String) throws(FirebaseEmulatorError) -> String {
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

    private static let preflightHeaders = commonHeaders.merging([
        "Access-Control-Allow-Methods": "GET, PUT, POST, PATCH, DELETE, OPTIONS",
        "Access-Control-Allow-Headers":
            "Content-Type, X-Firebase-ETag, If-Match, If-None-Match, X-HTTP-Method-Override",
        "Access-Control-Max-Age": "3600",
    ])

    private static func queryEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// Milliseconds since 1970: server timestamps and push ids.
    static func currentTime() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))  // safe: the system clock, not input
    }
}
