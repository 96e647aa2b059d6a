import Foundation

/// One event of a client's traffic, as its ``NetworkClient/observers`` see it.
///
/// Each attempt is a `request`, then for every redirect followed a
/// `redirect` and the next hop's `request`, and it ends with one `response`,
/// `revalidated` or `failure`; a `retrying` record comes before each wait
/// for another attempt, so a long wait (a 429's 30 seconds) is never a
/// silent stall. A wait, or a redirect not followed, because the task was
/// cancelled ends with `failure(.cancelled)`. A stream is a `request`, its
/// head's `response`, and then exactly one of `streamEnded` (the server
/// ended the body), `streamFailed` (it failed, or its reader's task was
/// cancelled: `.cancelled`) or `streamStopped` (its reader let go of it
/// before the end). URLs and headers are already redacted.
public struct NetworkLogRecord: Sendable, CustomStringConvertible {
    /// What the record is about. A minor release may add an event, so a
    /// `switch` over it ends with `@unknown default`.
    @nonexhaustive
    public enum Event: Sendable {
        /// An attempt, or one hop of it, is being sent.
        case request
        /// A response arrived with this status.
        case response(status: Int)
        /// The hop was answered with a redirect, which is followed to
        /// `location` (redacted).
        case redirect(status: Int, location: String)
        /// The server answered `304 Not Modified` to a conditional request:
        /// the caller's cached copy is current. A success, not an error.
        case revalidated
        /// The attempt failed without a usable response.
        case failure(NetworkError)
        /// The attempt failed with this error and the request will be sent
        /// again after `delay`; reported before the wait starts.
        case retrying(after: NetworkError, delay: Duration)
        /// A download's body broke with this error, and the download goes
        /// on with a new attempt from byte `offset` (a `Range` request);
        /// `0` when the file starts over. Reported before that attempt.
        case resuming(after: NetworkError, offset: Int)
        /// A stream's body ended as the server ended it; `bytesReceived` is
        /// all it delivered.
        case streamEnded
        /// A stream's body failed after its head arrived, or its reader's
        /// task was cancelled (``NetworkError/cancelled``).
        case streamFailed(NetworkError)
        /// A stream's reader let go of its body before the end (it broke
        /// out of its loop, or its task was cancelled between two chunks);
        /// the request is cancelled, and `bytesReceived` is what it took.
        /// Neither a success nor a failure.
        case streamStopped
    }

    /// What happened.
    public var event: Event
    /// The request method.
    public var method: HTTPMethod
    /// The URL, redacted.
    public var url: String
    /// The request headers (for a request) or response headers, redacted.
    public var headers: HeaderFields
    /// Which attempt this is, starting at 1.
    public var attempt: Int
    /// The time from sending to the end of this attempt; `nil` for a request.
    public var duration: Duration?
    /// The size of the request body.
    public var bytesSent: Int
    /// The size of the response body; `nil` for a request or failure.
    public var bytesReceived: Int?

    /// Creates a record.
    public init(
        event: Event,
        method: HTTPMethod,
        url: String,
        headers: HeaderFields,
        attempt: Int,
        duration: Duration? = nil,
        bytesSent: Int,
        bytesReceived: Int? = nil
    ) {
        self.event = event
        self.method = method
        self.url = url
        self.headers = headers
        self.attempt = attempt
        self.duration = duration
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
    }

    /// The record of `event` for `request`, its URL and `headers` redacted
    /// by `redactor`: how the client and ``MetricsInterceptor`` build theirs.
    init(
        _ event: Event, of request: TransportRequest, headers: HeaderFields, attempt: Int, duration: Duration?,
        received: Int?, redactor: Redactor
    ) {
        self.init(
            event: event, method: request.method, url: redactor.redact(request.url),
            headers: redactor.redact(headers), attempt: attempt, duration: duration,
            bytesSent: request.body?.length ?? 0, bytesReceived: received)
    }

    /// The status answered, for a `response`, `redirect` or `revalidated`
    /// record, or a failure that has one.
    public var status: Int? {
        switch event {
        case .response(let status), .redirect(let status, _): status
        case .revalidated: 304
        case .failure(let error), .streamFailed(let error): error.status
        case .request, .retrying, .resuming, .streamEnded, .streamStopped: nil
        }
    }

    /// The error, for a `failure`, `retrying`, `resuming` or `streamFailed` record.
    public var error: NetworkError? {
        switch event {
        case .failure(let error), .retrying(let error, _), .resuming(let error, _), .streamFailed(let error): error
        default: nil
        }
    }

    /// Whether the record ends an attempt or a stream well: a 2xx
    /// `response`, a `revalidated`, a `streamEnded`.
    public var isSuccess: Bool {
        switch event {
        case .response(let status): (200..<300).contains(status)
        case .revalidated, .streamEnded: true
        default: false
        }
    }

    /// One line, such as `← 200 GET https://host/posts.json (attempt 1, 12 ms, 1532 bytes)`.
    public var description: String {
        let elapsed = duration.map { String(format: ", %.0f ms", $0.seconds * 1000) } ?? ""
        switch event {
        case .request:
            return "→ \(method.rawValue) \(url) (attempt \(attempt), \(bytesSent) bytes)"
        case .response(let status):
            return "← \(status) \(method.rawValue) \(url) (attempt \(attempt)\(elapsed), \(bytesReceived ?? 0) bytes)"
        case .redirect(let status, let location):
            return "↪ \(status) \(method.rawValue) \(url) → \(location) (attempt \(attempt)\(elapsed))"
        case .revalidated:
            return
                "← 304 \(method.rawValue) \(url) (attempt \(attempt)\(elapsed)): not modified, the cached copy is current"
        case .streamEnded:
            return
                "■ \(method.rawValue) \(url) stream ended (attempt \(attempt)\(elapsed), \(bytesReceived ?? 0) bytes)"
        case .streamFailed(let error):
            return "✕ \(method.rawValue) \(url) stream failed (\(bytesReceived ?? 0) bytes): \(error)"
        case .streamStopped:
            return
                "□ \(method.rawValue) \(url) stream stopped by its reader (attempt \(attempt)\(elapsed), "
                + "\(bytesReceived ?? 0) bytes)"
        case .failure(let error):
            return "✕ \(method.rawValue) \(url) (attempt \(attempt)\(elapsed)): \(error)"
        case .retrying(let error, let delay):
            let wait =
                delay < .seconds(1)
                ? String(format: "%.0f ms", delay.seconds * 1000) : String(format: "%.1f s", delay.seconds)
            return "⟳ \(method.rawValue) \(url): attempt \(attempt) failed (\(error)); retrying in \(wait)"
        case .resuming(let error, let offset):
            return "⟳ \(method.rawValue) \(url): attempt \(attempt) broke off (\(error)); resuming from byte \(offset)"
        }
    }
}
