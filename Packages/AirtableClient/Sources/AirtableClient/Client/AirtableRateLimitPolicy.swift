import Foundation
import Networking

/// How an ``AirtableClient`` waits out a 429 (`RATE_LIMIT_REACHED`) and
/// tries again.
///
/// Airtable allows 5 requests per second per base and, past that, answers
/// 429 and asks callers to wait 30 seconds before it accepts more. A 429 means
/// the request did nothing, so every request is retried after one, creates
/// included. The wait is the server's `Retry-After` when it sends one;
/// otherwise ``wait``, doubling on each further retry up to ``maxWait``.
/// After ``maxRetries`` retries (of any failure: the count is the request's
/// attempts) the 429 is thrown as `NetworkError.rateLimited`. The client
/// applies it as an interceptor of its `NetworkClient`, whose one retry loop
/// waits, with the clock of the configuration's `retryPolicy`, and reports
/// each wait to the client's observers before it starts
/// (`NetworkLogRecord.Event.retrying`), so a 30-second wait is never a
/// silent stall.
///
/// Requests are paced under Airtable's documented limit of 5 per second
/// (at 4, evenly spaced: pacing at exactly 5 lets the network's jitter
/// bunch six into one second, which measured here as a 429 under load), so
/// a quick loop of calls does not earn the 429 in the first place; a client
/// that shares a base with other processes can pace slower, and one
/// talking to a server without the limit can turn pacing off:
///
/// ```swift
/// let slower = AirtableRateLimitPolicy(requestsPerSecond: 2)
/// let unpaced = AirtableRateLimitPolicy(requestsPerSecond: nil)
/// ```
public struct AirtableRateLimitPolicy: Sendable {
    /// How many times a rate-limited request is sent again; 0 never retries.
    public var maxRetries: Int
    /// The first wait when the server names none: Airtable asks for 30 s.
    public var wait: Duration
    /// The longest wait: computed waits stop growing here, and a server's
    /// `Retry-After` asking for more ends the retries, throwing the 429 (with
    /// the delay the server asked for) at once.
    public var maxWait: Duration
    /// The most requests per second a client (and the clients
    /// ``AirtableClient/table(_:)`` makes from it) sends, spacing them
    /// evenly; `nil` sends at once. Airtable allows 5 per second per base;
    /// the default, 4, leaves room for the network's jitter.
    public var requestsPerSecond: Double?

    /// Creates a policy.
    public init(
        maxRetries: Int = 3,
        wait: Duration = .seconds(30),
        maxWait: Duration = .seconds(120),
        requestsPerSecond: Double? = 4
    ) {
        self.maxRetries = max(0, maxRetries)
        self.wait = wait
        self.maxWait = maxWait
        self.requestsPerSecond = requestsPerSecond.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// Requests paced at 4 per second; three retries of a 429, 30 s apart
    /// at first, as Airtable asks.
    public static let `default` = AirtableRateLimitPolicy()

    /// No pacing and no retries: a 429 is thrown at once.
    public static let never = AirtableRateLimitPolicy(maxRetries: 0, requestsPerSecond: nil)

    /// The wait before retry number `retry` (from 1), given the server's
    /// `Retry-After`, if any; `nil` when the server asks for longer than
    /// ``maxWait``.
    public func delay(beforeRetry retry: Int, retryAfter: Duration?) -> Duration? {
        if let retryAfter {
            return retryAfter <= maxWait ? retryAfter : nil
        }
        let factor = 1 << min(max(retry - 1, 0), 20)
        // Compared before multiplying: a huge `wait` times the factor would
        // overflow.
        return wait > maxWait / factor ? maxWait : max(.zero, wait * factor)
    }
}
