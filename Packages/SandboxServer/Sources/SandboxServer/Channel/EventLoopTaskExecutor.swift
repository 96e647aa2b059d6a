import NIOCore

/// Runs a connection's handling on the connection's own event loop, where
/// its bytes are read and written, instead of Swift's global executor.
///
/// Hummingbird runs each connection's handler in a task on the global
/// executor, so every request crosses threads twice: NIO's event loop
/// resumes the handler on another thread, and the answer goes back to the
/// event loop to be written. With the connection's event loop as its
/// task's executor preference, the handler and the emulator code it calls
/// (and the actors it visits) run on that loop, between its reads and
/// writes, and a request costs no thread handoff. On the benchmark 8 GET,
/// with nothing else changed, this took the Sandbox from 0.57–0.61 to
/// 0.70–0.74 of a bare Hummingbird route (Docs/Performance.md).
///
/// The price is NIO's usual one: work that takes long holds up the other
/// connections on the same loop. The emulators do no blocking I/O (SQLite
/// runs on GRDB's own queue), and their longest work (a formula over every
/// record of a large table) held up a global-executor thread before, of
/// which there are as many as event loops.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class EventLoopTaskExecutor: TaskExecutor {
    private let eventLoop: any EventLoop

    /// An executor running jobs on `eventLoop`.
    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Runs the job on the event loop, in its next tick or the current one
    /// when called from the loop itself.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
