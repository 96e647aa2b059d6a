import Foundation

/// What a stream connection has received, shared between the task reading
/// it and the watchdog that notices when it goes quiet.
final class StreamActivity: @unchecked Sendable {
    // Every access to the two fields below holds the lock, which is what
    // makes the class Sendable.
    private let lock = NSLock()
    private var lastActivity = ContinuousClock.now
    private var eventCount = 0

    /// Bytes arrived.
    func touch() {
        lock.withLock { lastActivity = .now }
    }

    /// An event arrived.
    func recordEvent() {
        lock.withLock { eventCount += 1 }
    }

    /// Whether any event arrived on this connection.
    var hasReceivedEvents: Bool {
        lock.withLock { eventCount > 0 }
    }

    /// Returns when nothing has arrived for `timeout`; throws when the task
    /// is cancelled first.
    func waitForSilence(of timeout: Duration) async throws {
        while true {
            let deadline = lock.withLock { lastActivity } + timeout
            if ContinuousClock.now >= deadline { return }
            try await Task.sleep(until: deadline, clock: .continuous)
        }
    }
}
