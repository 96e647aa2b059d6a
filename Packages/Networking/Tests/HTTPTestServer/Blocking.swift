import Foundation

/// Runs work that blocks its thread (a socket read that waits for the
/// server, a wait for a child process) on a thread of its own.
///
/// Every test of a package runs in one process, whose Swift tasks share a
/// pool of one thread per core, and the in-process Sandbox servers run
/// their handlers on that pool too. A test that blocks two of those threads
/// on a 2-core machine stops every other test and the server it waits for:
/// seen in CI as a 413 that never came and a graceful stop that took 13 s.
package enum Blocking {
    /// The result of `work`, run on a new thread.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
