import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport, on `URLSession`.
///
/// Plain requests use a data task with a completion handler. Streaming
/// requests go through a data delegate, because `URLSession.bytes(for:)`
/// does not exist on Linux; the same code runs on Apple platforms.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .ephemeral)
/// let client = HTTPClient(baseURL: url, transport: transport)
/// ```
///
/// Create one transport and share it (``shared`` suits most apps). On Linux,
/// FoundationNetworking can crash with a use-after-free when a session is
/// torn down while others are busy (swift-corelibs-foundation#4791), so
/// there a transport that goes away keeps its sessions alive for the rest of
/// the process instead of invalidating them.
public final class URLSessionTransport: StreamingHTTPTransport {
    /// One transport for the whole process, on ``defaultConfiguration``.
    public static let shared = URLSessionTransport()

    /// An ephemeral configuration without a `URLCache`: caching is the
    /// clients' business (conditional requests, the image cache), so what a
    /// client sees is what the server sent, and nothing is written to disk.
    public static var defaultConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    private let session: URLSession
    private let streamingSession: URLSession
    private let streams: StreamingDelegate

    /// Creates a transport with its own sessions on `configuration`.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration) {
        session = URLSession(configuration: configuration)
        streams = StreamingDelegate()
        streamingSession = URLSession(configuration: configuration, delegate: streams, delegateQueue: nil)
    }

    deinit {
        #if canImport(FoundationNetworking)
            RetiredSessions.keep([session, streamingSession])
        #else
            session.finishTasksAndInvalidate()
            streamingSession.finishTasksAndInvalidate()
        #endif
    }

    /// Sends the request on a data task and collects the whole response.
    ///
    /// The task is cancelled when the calling task is, through
    /// `URLSessionTaskCanceller` rather than `URLSession.data(for:)`, whose
    /// cancellation can deadlock on Linux.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let urlRequest = Self.urlRequest(for: request)
        let canceller = URLSessionTaskCanceller()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let http = response as? HTTPURLResponse {
                        continuation.resume(
                            returning: HTTPResponse(
                                status: http.statusCode, headers: Self.headers(of: http), body: data ?? Data())
                        )
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                canceller.track(task)
                task.resume()
            }
        } onCancel: {
            canceller.cancel()
        }
    }

    /// Sends the request and streams the body through the data delegate.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let task = streamingSession.dataTask(with: Self.urlRequest(for: request))
        return try await streams.start(task)
    }

    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        if let timeout = request.timeout {
            urlRequest.timeoutInterval = timeout.seconds
        }
        return urlRequest
    }

    /// The response's fields in a stable order (the dictionary has none),
    /// sorted by name without case.
    ///
    /// This runs on every response, on the path to the awaiting caller, so
    /// it avoids what profiling showed there: lowercasing both names in
    /// every comparison of the sort, and formatting values that already
    /// are strings.
    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        let fields = response.allHeaderFields
        var pairs: [(String, String)] = []
        pairs.reserveCapacity(fields.count)
        for (name, value) in fields {
            guard let name = name as? String else { continue }
            pairs.append((name, value as? String ?? "\(value)"))
        }
        pairs.sort { $0.0.caseInsensitivePrecedes($1.0) }
        return HTTPHeaders(pairs)
    }
}

#if canImport(FoundationNetworking)
    /// Sessions of transports that went away, kept so FoundationNetworking
    /// never tears one down (see ``URLSessionTransport``).
    private enum RetiredSessions {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var sessions: [URLSession] = []

        static func keep(_ retired: [URLSession]) {
            lock.withLock { sessions.append(contentsOf: retired) }
        }
    }
#endif
