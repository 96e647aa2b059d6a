import Foundation
import Networking
import Synchronization

/// A clock that moves only when the test says so: a sleep on it returns once
/// ``advance(by:)`` has moved time past its end (a zero or negative sleep at
/// once), or throws when its task is cancelled. What a stream decides by the
/// clock (silence, backoff) then happens at the moments the test chooses,
/// however loaded the machine is.
final class ManualClock: Sendable {
    private struct Sleeper {
        let end: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Date(timeIntervalSince1970: 1_700_000_000)
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
    }

    private let state = Mutex(State())

    /// The clock, for a retry or stream policy.
    var retryClock: RetryClock {
        RetryClock(now: { self.now }, sleep: { try await self.sleep(for: $0) })
    }

    /// The clock's time.
    var now: Date {
        state.withLock { $0.now }
    }

    /// Moves time forward and wakes every sleep that has ended.
    func advance(by duration: Duration) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now += duration.seconds
            let ended = state.sleepers.filter { $0.value.end <= state.now }
            for id in ended.keys { state.sleepers[id] = nil }
            return ended.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    private func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledAlready = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return true }
                    state.sleepers[id] = Sleeper(end: state.now + duration.seconds, continuation: continuation)
                    return false
                }
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
