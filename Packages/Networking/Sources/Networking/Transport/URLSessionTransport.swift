import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport, on `URLSession`.
///
/// Every request runs on a data task whose callbacks go to one delegate,
/// on every platform: streaming needs it because `URLSession.bytes(for:)`
/// does not exist on Linux, and plain requests need it so a `401` with
/// `WWW-Authenticate` arrives at once (FoundationNetworking would otherwise
/// wait forever for credentials, swift-corelibs-foundation#5456). Redirects
/// are not followed here but by ``NetworkClient``, the same way on every
/// transport.
///
/// Bodies are bounded (<doc:Bounds> lists every bound): a response larger
/// than ``maxBodySize``, or a stream whose reader falls more than
/// ``maxStreamBacklog`` bytes behind, fails with
/// ``NetworkError/responseTooLarge(limit:)`` instead of exhausting memory.
/// A stream holds at most 1 MiB in memory for its reader; the rest of its
/// backlog waits in a temporary file, since FoundationNetworking cannot
/// slow its sender.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .ephemeral, maxBodySize: 32 << 20)
/// let client = NetworkClient(baseURL: url, transport: transport)
/// ```
///
/// Create one transport and share it (``shared`` suits most apps). On Linux,
/// FoundationNetworking can crash with a use-after-free when a session is
/// torn down while others are busy (swift-corelibs-foundation#4791), so
/// there a transport that goes away keeps its session alive for the rest of
/// the process instead of invalidating it.
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

    /// The largest body ``send(_:)`` collects, in bytes: 256 MiB unless set.
    public let maxBodySize: Int
    /// The most bytes a stream's body may hold for a reader that has not
    /// taken them yet, 256 MiB unless set: the first 1 MiB in memory, the
    /// rest in a temporary file that nothing outlives.
    public let maxStreamBacklog: Int
    /// On Linux, the largest file, form or stream body sent with its
    /// length, read into memory first: 8 MiB unless set. A larger one is
    /// read as it is sent but goes chunked, because FoundationNetworking
    /// cannot send a streamed body with a declared length (see
    /// `send(_:)`). Unused on Apple platforms, which send every body with
    /// its length and never whole in memory.
    public let maxInMemoryUpload: Int

    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own session on `configuration`, trusting
    /// the system's certificate authorities.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration,
        maxBodySize: Int = 256 << 20,
        maxStreamBacklog: Int = 256 << 20,
        maxInMemoryUpload: Int = 8 << 20
    ) {
        self.init(
            configuration: configuration, checkedTrust: .system, maxBodySize: maxBodySize,
            maxStreamBacklog: maxStreamBacklog, maxInMemoryUpload: maxInMemoryUpload)
    }

    /// Creates a transport with its own session on `configuration`, trusting
    /// the servers `trust` trusts.
    ///
    /// - Throws: ``NetworkError/unsupportedConfiguration(_:)`` on Linux for
    ///   anything but ``ServerTrust/system``: FoundationNetworking lets a
    ///   session neither add certificate authorities nor see the server's
    ///   key. Use `AsyncHTTPClientTransport` there for a private authority.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration,
        trust: ServerTrust,
        maxBodySize: Int = 256 << 20,
        maxStreamBacklog: Int = 256 << 20,
        maxInMemoryUpload: Int = 8 << 20
    ) throws(NetworkError) {
        #if canImport(FoundationNetworking)
            guard trust.isSystem else {
                throw .unsupportedConfiguration(
                    "URLSessionTransport on Linux can trust only the system's certificate authorities: "
                        + "FoundationNetworking gives a session no way to add one or to check a pin. "
                        + "Use AsyncHTTPClientTransport(trust:) for a private authority, or add it to the system's.")
            }
        #endif
        self.init(
            configuration: configuration, checkedTrust: trust, maxBodySize: maxBodySize,
            maxStreamBacklog: maxStreamBacklog, maxInMemoryUpload: maxInMemoryUpload)
    }

    private init(
        configuration: URLSessionConfiguration,
        checkedTrust trust: ServerTrust,
        maxBodySize: Int,
        maxStreamBacklog: Int,
        maxInMemoryUpload: Int
    ) {
        self.maxBodySize = max(0, maxBodySize)
        self.maxStreamBacklog = max(0, maxStreamBacklog)
        self.maxInMemoryUpload = max(0, maxInMemoryUpload)
        #if canImport(FoundationNetworking)
            let delegateQueue = SessionDelegateQueue()
            let canceller = TaskCanceller(delegateQueue: delegateQueue)
        #else
            let delegateQueue: OperationQueue? = nil
            let canceller = TaskCanceller()
        #endif
        delegate = SessionDelegate(
            maxBodySize: self.maxBodySize, maxStreamBacklog: self.maxStreamBacklog, canceller: canceller, trust: trust)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
    }

    deinit {
        #if canImport(FoundationNetworking)
            RetiredSessions.keep([session])
        #else
            session.finishTasksAndInvalidate()
        #endif
    }

    /// Sends the request on a data task and collects the whole response.
    ///
    /// The request ends with `URLError(.cancelled)` as soon as the calling
    /// task is cancelled, and the data task is cancelled from another queue
    /// rather than through `URLSession.data(for:)`, whose cancellation can
    /// deadlock on Linux.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await withBody(of: request) { makeTask, upload in
            try await delegate.collect(makeTask, method: request.method, upload: upload)
        }
    }

    /// Sends the request and streams the body through the data delegate.
    public func stream(_ request: TransportRequest) async throws -> TransportStreamingResponse {
        try await withBody(of: request) { makeTask, upload in
            try await delegate.stream(makeTask, upload: upload)
        }
    }

    /// Runs `start` with what makes the task that sends the request and its
    /// body (the delegate makes it off the caller's thread).
    ///
    /// Bytes go in the request itself. Anything else is read as it is sent,
    /// never whole in memory, except as FoundationNetworking forces:
    ///
    /// - On Linux, a body stream is always sent chunked (whatever
    ///   `Content-Length` says), and a file upload can crash the process
    ///   when it is cancelled (libcurl is unpaused after the transfer was
    ///   removed). So a file, form or stream of known length up to
    ///   ``maxInMemoryUpload`` is read into memory and sent with its
    ///   length, and a larger one goes chunked from a body stream read on
    ///   the session's thread (an async stream is first copied to a
    ///   temporary file, removed when the task ends).
    /// - On Apple platforms, a file is uploaded from itself and a form or a
    ///   stream from a temporary copy, each with its length.
    ///
    /// Progress is what the session reports sending. When the body itself
    /// failed (a file that changed, a stream that broke), that error is
    /// thrown rather than the session's.
    private func withBody<Answer>(
        of request: TransportRequest,
        _ start: (@escaping @Sendable () -> URLSessionDataTask, SessionDelegate.Upload?) async throws -> Answer
    ) async throws -> Answer {
        var urlRequest = Self.urlRequest(for: request)
        guard let body = request.body else { return try await start(dataTask(urlRequest), nil) }
        // The session counts what it sends; the body's own readers must not.
        let unobserved = TransferBody(source: body.source, length: body.length)
        if let data = body.data {
            urlRequest.httpBody = data
            let upload = body.progress.map { SessionDelegate.Upload(progress: $0) }
            return try await start(dataTask(urlRequest), upload)
        }
        #if canImport(FoundationNetworking)
            if let length = body.length, length <= maxInMemoryUpload {
                urlRequest.httpBody = try await unobserved.collect(upTo: maxInMemoryUpload)
                let upload = body.progress.map { SessionDelegate.Upload(progress: $0) }
                return try await start(dataTask(urlRequest), upload)
            }
            var cleanup: (@Sendable () -> Void)?
            let reader: BodyReader
            if let direct = BodyReader(unobserved) {
                reader = direct
            } else {
                let spool = try await BodySpool.file(for: unobserved)
                guard let copied = BodyReader(TransferBody(source: .file(spool.url, length: spool.length), length: nil))
                else {
                    // Out of file descriptors, say: the copy goes with the request.
                    spool.cleanup?()
                    throw FileFailure.reading(spool.url, "the temporary copy could not be opened")
                }
                cleanup = spool.cleanup
                reader = copied
            }
            let stream = BodyInputStream(reader)
            urlRequest.httpBodyStream = stream
            // Sent chunked: a length beside it would contradict the framing.
            urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
            let upload = SessionDelegate.Upload(progress: body.progress, cleanup: cleanup)
            do {
                return try await start(dataTask(urlRequest), upload)
            } catch let error as URLError where error.code == .cancelled {
                // The caller's cancellation, whatever the body's reader met
                // as the request was torn down (a temporary copy removed
                // under it).
                throw error
            } catch {
                throw stream.error ?? error
            }
        #else
            let file = try await BodySpool.file(for: unobserved)
            let upload = SessionDelegate.Upload(progress: body.progress, cleanup: file.cleanup)
            do {
                let fileRequest = urlRequest
                return try await start(
                    { [session] in session.uploadTask(with: fileRequest, fromFile: file.url) }, upload)
            } catch {
                // A file that changed while it was sent is that, not the
                // session's generic failure.
                try file.checkUnchanged()
                throw error
            }
        #endif
    }

    /// What makes a data task for `request` on this transport's session.
    private func dataTask(_ request: URLRequest) -> @Sendable () -> URLSessionDataTask {
        { [session] in session.dataTask(with: request) }
    }

    /// What `URLRequest.timeoutInterval` gets for a timeout. FoundationNetworking
    /// counts it in whole seconds, rounded down, so anything under a second
    /// timed a request out at once: there it is rounded up instead.
    static func timeoutInterval(for timeout: Duration) -> TimeInterval {
        #if canImport(FoundationNetworking)
            return max(1, timeout.seconds.rounded(.up))
        #else
            return timeout.seconds
        #endif
    }

    /// The request without its body, which ``withBody(of:_:)`` adds.
    static func urlRequest(for request: TransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        // `GET` is the default; setting it anyway normalizes the string
        // again on every request.
        if request.method != .get {
            urlRequest.httpMethod = request.method.rawValue
        }
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let timeout = request.timeout {
            urlRequest.timeoutInterval = timeoutInterval(for: timeout)
        }
        return urlRequest
    }

    /// The response's fields, read only when first needed and then in a
    /// stable order (the dictionary has none), sorted by name without case
    /// (``HeaderFields/init(deferring:)``).
    ///
    /// Reading avoids what profiling showed on the path to the awaiting
    /// caller: lowercasing names in every comparison, casting through
    /// `AnyHashable`'s box, and formatting values that already are strings;
    /// `value(forHTTPHeaderField:)` lowercases every name it passes.
    static func headers(of response: HTTPURLResponse) -> HeaderFields {
        HeaderFields(deferring: {
            let all = response.allHeaderFields
            var fields: [HeaderFields.Field] = []
            fields.reserveCapacity(all.count)
            for (name, value) in all {
                // `base`: casting the `AnyHashable` itself goes through its box.
                guard let name = name.base as? String else { continue }
                fields.append(HeaderFields.Field(name: name, value: value as? String ?? "\(value)"))
            }
            return fields
        })
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
