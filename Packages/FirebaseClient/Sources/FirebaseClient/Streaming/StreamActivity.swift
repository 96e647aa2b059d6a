import Foundation
import Networking

/// What a stream connection has received, shared between the task reading
/// it and the watchdog that notices when it goes quiet.
///
/// Silence is measured on the stream policy's clock, the one its
/// reconnections wait on, so a test that controls that clock decides when a
/// connection has been quiet for too long, whatever the machine's load.
final class StreamActivity: @unchecked Sendable {
    private let clock: RetryClock
    // Every access to the two fields below holds the lock, which is what
    // makes the class Sendable.
    private let lock = NSLock()
    private var lastActivity: Date
    private var eventCount = 0

    init(clock: RetryClock) {
        self.clock = clock
        lastActivity = clock.now()
    }

    /// Bytes arrived.
    func touch() {
        let now = clock.now()
        lock.withLock { lastActivity = now }
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
        let window = timeout.seconds
        while true {
            let quiet = clock.now().timeIntervalSince(lock.withLock { lastActivity })
            // NaN (an injected clock gone wrong) counts as silent rather than
            // waiting forever.
            guard quiet < window else { return }
            // At least a millisecond, so a remainder that rounds to zero
            // cannot spin.
            let remaining = Duration.seconds(clamping: window - quiet) ?? timeout
            try await clock.sleep(max(remaining, .milliseconds(1)))
        }
    }
}
