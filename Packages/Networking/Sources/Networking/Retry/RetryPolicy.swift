import Foundation

/// When and how long to wait before sending a failed request again.
///
/// Only requests that are safe to repeat are retried: `GET`, `HEAD`, `PUT`,
/// `DELETE`, `PATCH`, or any request marked ``NetworkRequest/idempotent(_:)``. A plain
/// `POST` is not, because a second attempt could create a second record. An
/// API that proves a refused request did nothing (Airtable's 429) says so
/// with an interceptor's ``HTTPInterceptor/retryDecision(for:)``, which
/// comes before the policy.
/// Retried failures are lost or refused connections, timeouts, and the
/// statuses in ``retryableStatuses`` (408, 429, 500, 502, 503, 504).
///
/// The wait is exponential backoff with full jitter (a random delay between
/// zero and `baseDelay × 2^(retry − 1)`, capped at ``maxDelay``) unless the
/// server sent `Retry-After`, which is honoured as given up to
/// ``maxRetryAfter``. Retrying stops after ``maxAttempts`` attempts, when the
/// next wait would pass the ``deadline`` measured from the first attempt, or
/// when the server asks for a longer wait than ``maxRetryAfter``: then the
/// error is thrown at once, carrying the delay the server asked for
/// (``HTTPFailure/retryAfter``), so a `Retry-After: 86400` never keeps a
/// call waiting for a day.
///
/// ```swift
/// var client = NetworkClient(baseURL: url)
/// client.retryPolicy = RetryPolicy(maxAttempts: 5, deadline: .seconds(60))
/// ```
public struct RetryPolicy: Sendable {
    /// The most attempts in total, the first included; 1 disables retries.
    public var maxAttempts: Int
    /// The backoff unit: the first retry waits up to this long.
    public var baseDelay: Duration
    /// The longest computed backoff; a server's `Retry-After` may ask longer.
    public var maxDelay: Duration
    /// The total time allowed from the first attempt, waits included;
    /// `nil` for none.
    public var deadline: Duration?
    /// The longest `Retry-After` worth waiting for; a server asking for more
    /// gets its error thrown at once instead.
    public var maxRetryAfter: Duration
    /// The status codes worth another attempt.
    public var retryableStatuses: Set<Int>
    /// The time source, injectable for tests.
    public var clock: RetryClock
    /// Returns a random number in the given range; injectable for tests.
    public var random: @Sendable (ClosedRange<Double>) -> Double

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        deadline: Duration? = .seconds(60),
        maxRetryAfter: Duration = .seconds(120),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        clock: RetryClock = .system,
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.deadline = deadline
        self.maxRetryAfter = maxRetryAfter
        self.retryableStatuses = retryableStatuses
        self.clock = clock
        self.random = random
    }

    /// Three attempts within a minute: the default for every client.
    public static let `default` = RetryPolicy()

    /// One attempt, no retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// How long to wait before attempt `attempt + 1`, or `nil` to give up.
    ///
    /// - Parameters:
    ///   - error: Why attempt `attempt` failed.
    ///   - attempt: The number of the attempt that failed, starting at 1.
    ///   - elapsed: Time since the first attempt started.
    ///   - isIdempotent: Whether the request is safe to repeat.
    public func delay(after error: NetworkError, attempt: Int, elapsed: Duration, isIdempotent: Bool) -> Duration? {
        guard isIdempotent, attempt < maxAttempts, isRetryable(error) else { return nil }
        let wait: Duration
        if let retryAfter = error.failure?.retryAfter {
            guard retryAfter <= maxRetryAfter else { return nil }
            wait = retryAfter
        } else {
            wait = backoff(forRetry: attempt)
        }
        if let deadline, elapsed + wait > deadline {
            return nil
        }
        return wait
    }

    /// Whether the failure is one a later attempt might not have.
    public func isRetryable(_ error: NetworkError) -> Bool {
        switch error {
        case .connectionLost, .incompleteBody, .timedOut, .cannotConnect:
            true
        case .rateLimited(let failure), .httpStatus(let failure), .conflict(let failure):
            retryableStatuses.contains(failure.status)
        default:
            false
        }
    }

    /// The computed wait before retry number `retry` (from 1): a random
    /// delay between zero and `baseDelay × 2^(retry − 1)`, capped at
    /// ``maxDelay``. Also the backoff of anything else that reconnects, such
    /// as a Firebase event stream.
    public func backoff(forRetry retry: Int) -> Duration {
        let exponent = Double(1 << min(max(retry, 1) - 1, 30))
        let cap = max(0, min(baseDelay.seconds * exponent, maxDelay.seconds))
        return Duration.seconds(clamping: random(0...cap), to: .zero...max(.zero, maxDelay)) ?? .zero
    }
}
