import Foundation
import Networking
import Sandbox
import SandboxServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Raw HTTP to the Airtable emulator behind a real server: URLSession
/// requests with a Bearer token and JSON bodies, as any client sends them.
enum AirtableHTTP {
    static let token = AirtableEmulator.Configuration.defaultToken
    static let base = "/v0/appIBfoNbzEaA72c2"
    static let table = base + "/Design%20projects"

    static func options(
        rateLimit: Bool = false, legacy: Bool = false, dataDirectory: URL? = nil
    ) -> SandboxServerOptions {
        var options = SandboxServerOptions(dataDirectory: dataDirectory)
        options.configuration.airtable.rateLimitEnabled = rateLimit
        // Counting to the sixth request must not depend on how fast this
        // machine sends six; the one-second default is tested in process.
        options.configuration.airtable.rateLimitWindow = .seconds(30)
        options.configuration.airtable.acceptsLegacyAPIKey = legacy
        return options
    }

    /// Starts a server on a free port, runs `body`, and stops it.
    static func withServer<T>(
        _ options: SandboxServerOptions = options(),
        _ body: (SandboxServer) async throws -> T
    ) async throws -> T {
        try await TestServers.with(options, body)
    }

    /// Sends `method` to `target` (a raw, percent-encoded path and query).
    static func send(
        _ baseURL: URL,
        _ method: String,
        _ target: String,
        json: String? = nil,
        token: String? = token,
        headers: [String: String] = [:],
        session: URLSession = HTTP.session
    ) async throws -> HTTP.Response {
        guard let url = URL(string: baseURL.absoluteString + target) else { throw URLError(.badURL) }
        var fields = headers
        if let token {
            fields["Authorization"] = "Bearer \(token)"
        }
        if json != nil {
            fields["Content-Type"] = "application/json"
        }
        return try await HTTP.send(method, url, headers: fields, body: json.map { Data($0.utf8) }, session: session)
    }

    /// `{"error":{"type":…,"message":…}}` byte for byte.
    static func error(_ type: String, _ message: String) -> String {
        "{\"error\":{\"type\":\(JSON.string(type).jsonText),\"message\":\(JSON.string(message).jsonText)}}"
    }

    static let notFound = #"{"error":"NOT_FOUND"}"#
    static let invalidRequest = error(
        "INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.")
    static let authenticationRequired = error("AUTHENTICATION_REQUIRED", "Authentication required")
    static let rateLimited = error("RATE_LIMIT_REACHED", "Rate limit exceeded. Please try again later")
    static let modelNotFound = error(
        "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND",
        "Invalid permissions, or the requested model was not found. Check that both your user and your token have the required permissions, and that the model names and/or ids are correct."
    )

    /// Sends one raw request line and headers over TCP (for what URLSession
    /// would normalize away: literal brackets, `..` segments, odd methods)
    /// and returns the status code and the whole answer.
    static func raw(_ port: Int, _ method: String, _ target: String, headers: [String] = [], body: String = "")
        async throws -> (status: Int, text: String)
    {
        let connection = try await RawConnection.connect(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for header in headers {
            head += header + "\r\n"
        }
        if !body.isEmpty {
            head += "Content-Length: \(body.utf8.count)\r\n"
        }
        try await connection.send(head + "\r\n" + body)
        let text = try await connection.readUntilClosed()
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, text)
    }

    /// Six requests back to back. The tests widen the rate-limit window
    /// (see `rateLimitWindow`), so all six fall in one window however
    /// loaded the machine is.
    static func sendSix<Answer>(_ send: () async throws -> Answer) async throws -> [Answer] {
        var answers: [Answer] = []
        for _ in 0..<6 {
            answers.append(try await send())
        }
        return answers
    }

    /// Creates an empty table `name` (Name, Rank) in the lesson's base.
    static func addRankedTable(_ server: SandboxServer, named name: String) async throws {
        try await server.sandbox.airtable.addTable(
            named: name, fields: [.init("Name", .singleLineText), .init("Rank", .number)])
    }
}

extension HTTP.Response {
    /// The body parsed as JSON, or `null`.
    var bodyJSON: JSON {
        (try? JSON.parse(body)) ?? .null
    }

    /// The `records` of an Airtable list or batch answer.
    var airtableRecords: [JSON] {
        bodyJSON["records"]?.arrayValue ?? []
    }

    /// The ids of `records`.
    var airtableRecordIDs: [String] {
        airtableRecords.compactMap { $0["id"]?.stringValue }
    }
}
