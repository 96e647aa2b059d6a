import Networking

/// How the examples' clients time out and retry, so a server that is down
/// or silent is a clear failure within seconds, not a hang.
///
/// A refused connection (nothing listening) fails at once and is retried
/// twice within about a second. A server that accepts but never answers
/// costs ``timeout`` per attempt, and no attempt starts after the retry
/// policy's deadline: about 20 seconds in all before the one-line error.
public enum ExampleRequestPolicy {
    /// The time allowed for one attempt.
    public static let timeout: Duration = .seconds(10)

    /// Up to three attempts with short backoff, none starting after 15
    /// seconds; only requests that are safe to repeat are retried.
    public static let retryPolicy = RetryPolicy(
        maxAttempts: 3,
        baseDelay: .milliseconds(200),
        maxDelay: .seconds(2),
        deadline: .seconds(15)
    )
}
