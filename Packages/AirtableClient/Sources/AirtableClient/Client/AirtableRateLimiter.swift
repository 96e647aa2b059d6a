import Foundation
import Networking

/// Airtable's rate limit as an interceptor of the client's `NetworkClient`:
/// requests are paced when ``AirtableRateLimitPolicy/requestsPerSecond`` is
/// set, and a 429 is retried after the wait the policy gives, creates
/// included, since a 429 means Airtable did nothing.
///
/// It only decides; the HTTP client's one retry loop waits (with its retry
/// policy's clock) and sends again. Other failures are left to the retry
/// policy.
struct AirtableRateLimiter: HTTPInterceptor {
    let policy: AirtableRateLimitPolicy
    /// Shared by every client ``AirtableClient/table(_:)`` makes, since the
    /// limit is per base.
    let pacer: RequestPacer
    /// Reads the time and sleeps for pacing: the retry policy's.
    let clock: RetryClock

    /// Waits for this attempt's slot when requests are paced.
    func intercept<Response: InterceptedResponse>(
        _ request: TransportRequest,
        attempt: Int,
        next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        if let rate = policy.requestsPerSecond {
            let delay = await pacer.reserve(now: clock.now(), interval: 1 / rate)
            if delay > 0 {
                do {
                    try await clock.sleep(Duration.seconds(clamping: delay) ?? .zero)
                } catch {
                    throw .cancelled
                }
            }
        }
        return try await next(request)
    }

    /// Retries a 429 while ``AirtableRateLimitPolicy/maxRetries`` allows and
    /// the wait stays within ``AirtableRateLimitPolicy/maxWait``.
    func retryDecision(for failure: FailedAttempt) async -> RetryDecision {
        guard case .rateLimited(let answer) = failure.error else { return .useRetryPolicy }
        guard failure.attempt <= policy.maxRetries,
            let delay = policy.delay(beforeRetry: failure.attempt, retryAfter: answer.retryAfter)
        else { return .doNotRetry }
        return .retry(after: delay)
    }
}
