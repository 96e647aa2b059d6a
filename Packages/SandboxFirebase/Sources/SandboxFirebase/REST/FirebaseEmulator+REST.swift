import Foundation
import Networking
import SandboxCore

/// Reads and writes of a location, as the REST API answers them.
extension FirebaseEmulator {
    /// Who is asking: from `auth`, `access_token` or `Authorization`.
    func caller(of request: SandboxRequest) throws(FirebaseEmulatorError) -> FirebaseCaller {
        try FirebaseCaller(request, secret: configuration.authSecret, now: Date(), cache: idTokens)
    }

    /// A read or a write of a location, or of its priority alone
    /// (`…/.priority.json`).
    func location(
        _ request: SandboxRequest, priorityOnly: Bool
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
        let method = request.httpMethod
        let caller = try caller(of: request)
        let path = try FirebasePath(request, priorityOnly: priorityOnly)
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
                database = databases.listening(to: namespace)
            } else {
                database = databases.existing(named: namespace) ?? emptyDatabase
            }
        } else {
            database = try databases.database(named: namespace)
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

    static func isStream(_ request: SandboxRequest) -> Bool {
        request.headers["Accept"]?.contains("text/event-stream") == true
    }

    /// The query items and headers every method reads.
    struct Options {
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

        /// No option shapes the value's JSON: no `print`, `shallow`,
        /// `format=export` or ETag (a JSONP call or a download only wraps it).
        var shapesNothing: Bool {
            !pretty && !silent && !shallow && !export && !wantsETag
        }

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
    static func answer(_ status: Int, _ body: Data, headers: HeaderFields, options: Options) -> SandboxResponse {
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

    func read(
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
                databases.streamEnded(in: database.name)
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
        if query == nil, ifNoneMatch == nil, options.shapesNothing {
            let body = try await plainAnswer(at: path, in: database, caller: caller)
            return Self.answer(200, body, headers: Self.commonHeaders, options: options)
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

    /// The compact JSON of the value at `path`, written once per change of
    /// the data (``FirebaseAnswerCache``): most reads are of this kind.
    private func plainAnswer(
        at path: FirebasePath, in database: FirebaseDatabase, caller: FirebaseCaller
    ) async throws(FirebaseEmulatorError) -> Data {
        switch try await database.plainRead(at: path, as: caller).get() {
        case .written(let answer):
            return answer
        case .value(let value, let generation):
            let answer = FirebaseJSONWriter.data(value, pretty: false)
            if FirebaseAnswerCache.admits(answer) {
                await database.keep(answer, at: path, generation: generation)
            }
            return answer
        }
    }

    func write(
        _ request: SandboxRequest, method: HTTPMethod?, at path: FirebasePath, in database: FirebaseDatabase,
        options: Options, caller: FirebaseCaller
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
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
            path: path, operation: operation, precondition: ifMatch.map(FirebaseWrite.Precondition.etag),
            wantsETag: options.wantsETag || ifMatch != nil,
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
}
