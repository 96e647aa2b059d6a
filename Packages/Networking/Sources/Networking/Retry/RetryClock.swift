import Foundation

/// The time source a ``RetryPolicy`` reads and sleeps on.
///
/// Injecting one makes retry tests exact and instant:
///
/// ```swift
/// let sleeps = Sleeps()  // an actor recording durations
/// let clock = RetryClock(now: { fixedDate }, sleep: { await sleeps.record($0) })
/// ```
public struct RetryClock: Sendable {
    /// The current wall-clock time, used for deadlines and HTTP-date `Retry-After`.
    public var now: @Sendable () -> Date
    /// Waits for a duration; throws `CancellationError` if the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a clock from its two operations.
    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock and `Task.sleep`.
    public static let system = RetryClock(
        now: { Date() },
        sleep: { try await Task.sleep(for: $0) }
    )
}
