import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
///
/// A value with reference semantics: copies share one state and one lock,
/// kept in a single allocation with the lock beside the state (a request
/// makes a few of these, so an `NSLock` object apiece showed in profiles).
@_spi(NetworkingInternals)
public struct LockedState<State> {
    private let storage: Storage

    /// Creates the lock and its state.
    public init(_ state: State) {
        storage = Storage.make(state)
    }

    /// Runs `body` with the state, under the lock, and returns what it
    /// returns: small, synchronous work that calls out to nothing.
    public func withLock<Outcome, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Outcome
    ) throws(Failure) -> Outcome {
        try storage.withLock(body)
    }

    /// The state and the platform's lock, in one allocation.
    private final class Storage: ManagedBuffer<State, PlatformLock> {
        static func make(_ state: State) -> Storage {
            let buffer = create(minimumCapacity: 1) { _ in state }
            // `create` is the class's own: the buffer is a `Storage`.
            let storage = unsafeDowncast(buffer, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
            return storage
        }

        func withLock<Outcome, Failure: Error>(_ body: (inout State) throws(Failure) -> Outcome) throws(Failure)
            -> Outcome
        {
            // The outcome comes out as a `Result`: `withUnsafeMutablePointers`
            // only rethrows untyped errors.
            let outcome = withUnsafeMutablePointers { state, lock in
                PlatformLock.lock(lock)
                defer { PlatformLock.unlock(lock) }
                return Result { () throws(Failure) -> Outcome in try body(&state.pointee) }
            }
            return try outcome.get()
        }

        deinit {
            withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
        }
    }
}

/// Sendable when its state is: every access holds the lock.
extension LockedState: @unchecked Sendable where State: Sendable {}

#if canImport(Darwin)
    /// `os_unfair_lock`, which needs no set-up.
    typealias PlatformLock = os_unfair_lock_s

    extension os_unfair_lock_s {
        fileprivate static func initialize(_ lock: UnsafeMutablePointer<Self>) { lock.initialize(to: Self()) }
        fileprivate static func lock(_ lock: UnsafeMutablePointer<Self>) { os_unfair_lock_lock(lock) }
        fileprivate static func unlock(_ lock: UnsafeMutablePointer<Self>) { os_unfair_lock_unlock(lock) }
        fileprivate static func destroy(_ lock: UnsafeMutablePointer<Self>) { lock.deinitialize(count: 1) }
    }
#else
    /// A `pthread_mutex_t`, initialized and destroyed with its storage.
    typealias PlatformLock = pthread_mutex_t

    extension pthread_mutex_t {
        fileprivate static func initialize(_ lock: UnsafeMutablePointer<Self>) {
            // All zeros is glibc's `PTHREAD_MUTEX_INITIALIZER`: a
            // valid default mutex even if the init below could fail.
            lock.initialize(to: Self())
            pthread_mutex_init(lock, nil)
        }
        fileprivate static func lock(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_lock(lock) }
        fileprivate static func unlock(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_unlock(lock) }
        fileprivate static func destroy(_ lock: UnsafeMutablePointer<Self>) {
            pthread_mutex_destroy(lock)
            lock.deinitialize(count: 1)
        }
    }
#endif
