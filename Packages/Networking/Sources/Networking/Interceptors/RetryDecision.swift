/// An interceptor's answer to a failed attempt (see
/// ``HTTPInterceptor/retryDecision(for:)``).
public enum RetryDecision: Sendable, Equatable {
    /// No opinion: the next interceptor decides, and the ``RetryPolicy``
    /// when none does.
    case useRetryPolicy
    /// Send the request again after waiting this long (a negative wait is
    /// none). The client's ``RetryPolicy`` limits do not apply: the
    /// interceptor has taken the decision, and bounds its own waits.
    case retry(after: Duration)
    /// Throw the attempt's error now.
    case doNotRetry
}
