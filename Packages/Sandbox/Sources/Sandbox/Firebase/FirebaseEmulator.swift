import Foundation
import Networking

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
/// ordering rules, push ids, server values, ETags and `if-match`, server-sent
/// events with keep-alives, optional `auth`, and Firebase's error bodies.
/// It knowingly differs from the hosted service in a few ways: queries need
/// no `.indexOn` rule (like the official emulator), priorities are accepted
/// but not stored, and there are no security rules beyond the optional
/// secret.
public final class FirebaseEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The namespace used when a request has no `ns` query item.
        public var defaultNamespace: String
        /// When set, every request needs `auth=<secret>`; otherwise the
        /// database is open, like the lessons' public ones.
        public var authSecret: String?
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
            maxNamespaces: Int = 1000
        ) {
            self.defaultNamespace = defaultNamespace
            self.authSecret = authSecret
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
    /// What a namespace that was never created reads as; never registered,
    /// stored or written.
    private let emptyDatabase: FirebaseDatabase

    /// `firebase`.
    public var name: String { "firebase" }

    /// Creates the emulator, restoring every database stored in `storage`
    /// and seeding the lessons' databases that were never seeded.
    public init(configuration: Configuration, storage: (any SandboxStorage)?) async throws {
        self.configuration = configuration
        var restored: [String: FirebaseDatabase] = [:]
        if let storage {
            let prefix = FirebaseStorageCodec.namespacePrefix
            for storageNamespace in try await storage.namespaces(withPrefix: prefix) {
                let name = String(storageNamespace.dropFirst(prefix.count))
                let rows = try await storage.load(namespace: storageNamespace)
                restored[name] = FirebaseDatabase(
                    name: name,
                    tree: try FirebaseStorageCodec.tree(from: rows, namespace: storageNamespace),
                    storage: storage,
                    keepAliveInterval: configuration.keepAliveInterval)
            }
        }
        databases = FirebaseDatabases(
            restored: restored, storage: storage, keepAliveInterval: configuration.keepAliveInterval,
            limit: max(configuration.maxNamespaces, restored.count + FirebaseSeed.databases.count))
        emptyDatabase = FirebaseDatabase(
            name: configuration.defaultNamespace, tree: FirebaseTree(), storage: nil,
            keepAliveInterval: configuration.keepAliveInterval)
        if configuration.seedsLessonData {
            try await FirebaseSeed.seed(databases, storage: storage)
        }
    }

    /// Paths ending in `.json`.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasSuffix(".json")
    }

    /// Answers a REST request; every refusal is a Firebase error body.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        do throws(FirebaseEmulatorError) {
            return try await handle(request)
        } catch {
            return error.response
        }
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
        var query = "print=silent&ns=" + Self.queryEncoded(namespace ?? configuration.defaultNamespace)
        if let secret = configuration.authSecret {
            query += "&auth=" + Self.queryEncoded(secret)
        }
        let request = SandboxRequest(
            method: "PUT", path: path.hasSuffix(".json") ? path : path + ".json", rawQuery: query,
            body: value.serialized())
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

    /// Whether the request carries the secret the way the REST API takes a
    /// credential: `auth=` (an ID token or database secret), or an OAuth 2
    /// access token as `access_token=` or `Authorization: Bearer`.
    private static func isAuthorized(_ request: SandboxRequest, secret: String) -> Bool {
        if request.query("auth") == secret || request.query("access_token") == secret { return true }
        return request.headers["Authorization"] == "Bearer " + secret
    }

    private func handle(_ request: SandboxRequest) async throws(FirebaseEmulatorError) -> SandboxResponse {
        if let secret = configuration.authSecret, !Self.isAuthorized(request, secret: secret) {
            throw .permissionDenied
        }
        let method = Self.method(of: request)
        if method == "OPTIONS" {
            return SandboxResponse(status: 200, headers: Self.preflightHeaders)
        }
        guard ["GET", "HEAD", "PUT", "POST", "PATCH", "DELETE"].contains(method) else { throw .methodNotAllowed }
        let path = try FirebasePath(requestPath: request.path)
        let namespace = try validated(request.query("ns") ?? configuration.defaultNamespace)
        let options = Options(request)
        // A read of a namespace nobody wrote to is a read of an empty
        // database, and allocates nothing; a stream must register to hear
        // later writes, so it gets the database, which lasts only as long as
        // its streams unless someone writes to it, and never counts against
        // the namespace limit until then.
        let database: FirebaseDatabase
        if method == "GET" || method == "HEAD" {
            if Self.isStream(request) {
                database = await databases.listening(to: namespace)
            } else {
                database = await databases.existing(named: namespace) ?? emptyDatabase
            }
        } else {
            database = try await databases.database(named: namespace)
        }
        switch method {
        case "GET", "HEAD":
            let response = try await read(request, at: path, in: database, options: options)
            guard method == "HEAD", case .data = response.body else { return response }
            return SandboxResponse(status: response.status, headers: response.headers)
        default:
            return try await write(request, method: method, at: path, in: database, options: options)
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

        init(_ request: SandboxRequest) {
            pretty = request.query("print") == "pretty"
            silent = request.query("print") == "silent"
            shallow = request.query("shallow") == "true"
            wantsETag = request.headers["X-Firebase-ETag"]?.lowercased() == "true"
            hasQuery = FirebaseRESTQuery.parameterNames.contains { request.query($0) != nil }
        }
    }

    private func read(
        _ request: SandboxRequest, at path: FirebasePath, in database: FirebaseDatabase, options: Options
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
            let stream = await database.subscribe(at: path, query: query) {
                Task { await databases.streamEnded(in: database.name) }
            }
            return SandboxResponse(
                status: 200,
                headers: Self.commonHeaders.merging(["Content-Type": "text/event-stream; charset=utf-8"]),
                body: .stream(stream), cancelEvent: Self.fellBehind)
        }
        var value: JSON
        if let query {
            value = await database.query(query, at: path)
        } else {
            value = await database.value(at: path)
        }
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
        return .json(200, FirebaseJSONWriter.data(value, pretty: options.pretty), headers: headers)
    }

    private func write(
        _ request: SandboxRequest, method: String, at path: FirebasePath, in database: FirebaseDatabase,
        options: Options
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
        guard request.body.count <= configuration.maxBodySize else { throw .bodyTooLarge }
        let ifMatch = method == "PUT" || method == "DELETE" ? request.headers["if-match"] : nil
        if ifMatch != nil, options.shallow || options.hasQuery || options.silent {
            throw .conditionalWithOptions
        }
        let operation: FirebaseWrite.Operation
        switch method {
        case "PUT":
            operation = .set(try FirebaseBodyValidator.value(of: request.body, depth: path.depth))
        case "POST":
            operation = .push(try FirebaseBodyValidator.value(of: request.body, depth: path.depth + 1))
        case "PATCH":
            operation = .update(try FirebaseBodyValidator.updateMembers(of: request.body, at: path))
        default:
            operation = .remove
        }
        let write = FirebaseWrite(
            path: path, operation: operation, ifMatch: ifMatch, wantsETag: options.wantsETag || ifMatch != nil,
            now: Self.currentTime())
        var headers = Self.commonHeaders
        switch await database.apply(write) {
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
