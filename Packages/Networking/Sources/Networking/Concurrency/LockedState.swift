import Foundation

/// State that one lock guards, reached only through ``withLock(_:)``: the
/// one way the SDK's libraries and the Sandbox share mutable state between
/// threads.
///
/// **Decide under the lock, act after it.** The body changes the state and
/// returns what is to be done (a continuation to resume, a handler to call,
/// a task to cancel), and the caller does it once ``withLock(_:)`` has
/// returned. Nothing that can wait for another lock runs inside: not a
/// continuation's resume, not a stored closure, not a call into a session.
/// `scripts/check_locks.py` (part of `make test`) fails the build's checks
/// on a resume, a yield or a stored closure's call inside a locked region.
///
/// Why it matters, where a producer and a cancellation handler meet (a
/// session's thread appending a chunk, a reader's task being cancelled):
/// Swift runs a task's cancellation handler while it holds that task's
/// status lock, and resuming a continuation takes the same lock. So a
/// producer that resumes the reader while holding a lock that the reader's
/// `onCancel` also takes waits for the runtime, which waits for the
/// handler, which waits for the producer: a deadlock that needs both to
/// land within microseconds (issue 64, seen with streams cancelled as
/// chunks arrived). The order everywhere is therefore:
///
/// 1. the producer takes the lock, moves the waiting continuation out of
///    the state, releases the lock, then resumes it;
/// 2. the cancellation handler takes the lock, moves the continuation out
///    and marks the state cancelled in the same locked step (so a reader
///    that arrives after it finds the mark, never an unanswered wait),
///    releases the lock, then resumes it;
/// 3. whichever moved the continuation out resumes it, exactly once.
@_spi(NetworkingInternals)
public final class LockedState<State> {
    private let lock = NSLock()
    private var state: State

    /// Creates the lock and its state.
    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state, under the lock, and returns what it
    /// returns: small, synchronous work that calls out to nothing.
    public func withLock<Outcome, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Outcome
    ) throws(Failure) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// Sendable when its state is: every access holds the lock.
extension LockedState: @unchecked Sendable where State: Sendable {}
