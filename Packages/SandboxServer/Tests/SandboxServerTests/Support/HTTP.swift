import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plain URLSession requests to a running server: what a client sends,
/// without the SDK in between.
enum HTTP {
    /// A status, headers and body.
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        /// A header value, by case-insensitive name.
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// How long a request may take in all: only a hang's limit. On Linux,
    /// FoundationNetworking times a whole request (not its idle time) by
    /// the session's `timeoutIntervalForRequest`, 60 s by default, unless
    /// the request's `timeoutInterval` was *assigned*: the one given to
    /// `URLRequest(url:timeoutInterval:)` is not counted. A busy machine's
    /// slowest requests reached 60 s.
    static let timeout: TimeInterval = 300

    /// A session without caches or cookies, so every test sees the server.
    ///
    /// Sessions live as long as the test process: FoundationNetworking on
    /// Linux can crash with a use-after-free when a session is torn down
    /// while others are busy (swift-corelibs-foundation#4791), so tests never
    /// create one per request or per writer.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }()

    /// A session whose every request goes over a new connection
    /// (`Connection: close`), for tests where the server drops connections:
    /// libcurl does not resend a body on a reused connection that was
    /// dropped, and waits out its timeout instead.
    static let freshConnections: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["Connection": "close"]
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }()

    /// Sends a request and returns the whole response.
    static func send(
        _ method: String,
        _ url: URL,
        headers: [String: String] = [:],
        body: Data? = nil,
        session: URLSession = HTTP.session
    ) async throws -> Response {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            fields["\(name)"] = "\(value)"
        }
        return Response(status: http.statusCode, headers: fields, body: data)
    }

    /// A URL under `base`, with a raw (already percent-encoded) path and query.
    static func url(_ base: URL, _ pathAndQuery: String) -> URL {
        URL(string: base.absoluteString + pathAndQuery) ?? base
    }
}
