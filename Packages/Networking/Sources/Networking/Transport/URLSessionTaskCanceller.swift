import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancels a `URLSessionTask` when the Swift task awaiting it is cancelled,
/// without ever calling `cancel()` from inside the cancellation handler.
///
/// Swift runs a cancellation handler while holding the cancelled task's
/// status lock; FoundationNetworking's `URLSessionTask.cancel()` then waits
/// for the session's work queue, whose thread may be waiting for that same
/// lock to resume the task: a deadlock (swift-corelibs-foundation#5412,
/// seen here as a hung `bankey` run). Hopping to another queue first breaks
/// the cycle; the request still stops at once.
final class URLSessionTaskCanceller: @unchecked Sendable {
    // Guarded by `lock`: the handler and the starting code race.
    private var task: URLSessionTask?
    private var isCancelled = false
    private let lock = NSLock()

    /// Records the task to cancel; cancels it right away if cancellation
    /// already came.
    func track(_ task: URLSessionTask) {
        let cancelNow = lock.withLock {
            self.task = task
            return isCancelled
        }
        if cancelNow {
            Self.cancelLater(task)
        }
    }

    /// Cancels the tracked task (or the one tracked next) from another queue.
    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        if let task {
            Self.cancelLater(task)
        }
    }

    static func cancelLater(_ task: URLSessionTask) {
        DispatchQueue.global().async {
            task.cancel()
        }
    }
}
