/// An attempt that failed, as the interceptors see it when they decide on a
/// retry.
public struct FailedAttempt: Sendable {
    /// The request as the client made it, before any interceptor changed it.
    public var request: TransportRequest
    /// Why the attempt failed.
    public var error: NetworkError
    /// The number of the attempt that failed, from 1.
    public var attempt: Int
    /// The time since the first attempt started.
    public var elapsed: Duration
    /// Whether the request is safe to send twice (see
    /// ``NetworkRequest/isIdempotent``).
    public var isIdempotent: Bool

    /// Creates the description of a failed attempt.
    public init(request: TransportRequest, error: NetworkError, attempt: Int, elapsed: Duration, isIdempotent: Bool) {
        self.request = request
        self.error = error
        self.attempt = attempt
        self.elapsed = elapsed
        self.isIdempotent = isIdempotent
    }
}
