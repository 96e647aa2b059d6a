import Foundation

/// One entry of the request log: a request going out, or what came back.
///
/// ``HTTPClient/logHandler`` receives one record when each attempt starts and
/// one when it ends, and one before each wait for a retry, so a long wait
/// (a 429's 30 seconds) is never a silent stall. URLs and headers are
/// already redacted.
public struct NetworkLogRecord: Sendable, CustomStringConvertible {
    /// What the record is about.
    public enum Event: Sendable {
        /// An attempt is being sent.
        case request
        /// A response arrived with this status.
        case response(status: Int)
        /// The attempt failed without a usable response.
        case failure(NetworkError)
        /// The attempt failed with this error and the request will be sent
        /// again after `delay`; reported before the wait starts.
        case retrying(after: NetworkError, delay: Duration)
    }

    /// What happened.
    public var event: Event
    /// The request method.
    public var method: HTTPMethod
    /// The URL, redacted.
    public var url: String
    /// The request headers (for a request) or response headers, redacted.
    public var headers: HTTPHeaders
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
        headers: HTTPHeaders,
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

    /// One line, such as `← 200 GET https://host/posts.json (attempt 1, 12 ms, 1532 bytes)`.
    public var description: String {
        let elapsed = duration.map { String(format: ", %.0f ms", $0.seconds * 1000) } ?? ""
        switch event {
        case .request:
            return "→ \(method.rawValue) \(url) (attempt \(attempt), \(bytesSent) bytes)"
        case .response(let status):
            return "← \(status) \(method.rawValue) \(url) (attempt \(attempt)\(elapsed), \(bytesReceived ?? 0) bytes)"
        case .failure(let error):
            return "✕ \(method.rawValue) \(url) (attempt \(attempt)\(elapsed)): \(error)"
        case .retrying(let error, let delay):
            let wait =
                delay < .seconds(1)
                ? String(format: "%.0f ms", delay.seconds * 1000) : String(format: "%.1f s", delay.seconds)
            return "⟳ \(method.rawValue) \(url): attempt \(attempt) failed (\(error)); retrying in \(wait)"
        }
    }
}
