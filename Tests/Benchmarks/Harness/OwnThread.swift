import Foundation

/// Blocking work (waiting for a child process, reading a pipe to its end)
/// run on a thread of its own.
///
/// Done on the caller's task, it would hold one of the cooperative pool's
/// threads for the whole wait. The pool has as many threads as cores (two
/// here) and adds none for a blocked one: with both blocked, a new task
/// waits until one is free. A server measured in this process meanwhile
/// would be left one thread. Benchmark 8 measured that until issue 39's
/// sixth pass: `wrk` was waited for on a pool thread, so the Sandbox served
/// from the one left, while the bare route, with less work per request,
/// hardly needed a second (Docs/Performance.md, "The sixth pass").
enum OwnThread {
    /// Runs `work` on a new thread and returns its result once it ends.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result(catching: work))
            }
        }
    }
}
