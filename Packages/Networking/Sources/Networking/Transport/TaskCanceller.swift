import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one place a ``URLSessionTransport`` cancels its tasks: off the
/// caller's thread, one batch at a time, leaving alone tasks that already
/// ended.
///
/// Cancelling never runs on the caller's thread: Swift runs a cancellation
/// handler while holding the task's status lock, and FoundationNetworking
/// may wait for the session's queue, whose thread may wait for that lock
/// (swift-corelibs-foundation#5412, a deadlock).
///
/// On Linux, `URLSessionTask.cancel()` is also not safe at every moment.
/// It marks the task as cancelling in one block on the task's queue and
/// fails it in a second, which the session may run milliseconds later.
/// When the transfer completes in between, the completion's delegate
/// callback takes the task out of the session's registry as soon as it
/// returns, and the second block then ends the process ("Trying to access
/// a behaviour for a task that in not in the registry": seen in about one
/// random-moment cancellation of a download in ten). So while a
/// cancellation goes on, the ``SessionDelegateQueue`` runs callbacks on its
/// side queue, and a completion of a task being cancelled waits there
/// (``waitIfCancelling(_:)``) until both blocks have run: reading
/// `priority` runs a block on the task's queue behind them.
final class TaskCanceller: @unchecked Sendable {
    /// A cancellation to make: the task, and what cancels it (its
    /// `cancel()`, or the answer to an authentication challenge, which
    /// cancels it from inside FoundationNetworking and must be given even
    /// when the task is already cancelling).
    private struct Cancellation {
        let task: URLSessionTask
        let answer: (@Sendable () -> Void)?

        /// Whether there is anything to do: a task that completed, or is
        /// already cancelling, is left alone.
        var isNeeded: Bool {
            answer != nil || task.state == .running || task.state == .suspended
        }

        func perform() {
            if let answer { answer() } else { task.cancel() }
        }
    }

    #if canImport(FoundationNetworking)
        private let delegateQueue: SessionDelegateQueue
    #endif
    private let queue = DispatchQueue(label: "URLSessionTransport.cancellations")
    /// Guards the three sets below, and is waited on (which releases it)
    /// until an answer or a cancellation went through. Held only to read
    /// and change them: every answer, cancellation and read of a task's
    /// state happens outside it, since each may wait for the session's
    /// queue, whose callbacks take this lock.
    private let lock = NSCondition()
    /// Waiting for the next batch.
    private var pending: [Cancellation] = []
    /// The tasks of the batch going on, by identifier.
    private var cancelling: Set<Int> = []
    /// The tasks whose redirect is being answered, by identifier: a
    /// cancellation of one of them waits until the answer was given.
    private var answering: Set<Int> = []

    #if canImport(FoundationNetworking)
        init(delegateQueue: SessionDelegateQueue) {
            self.delegateQueue = delegateQueue
        }
    #else
        init() {}
    #endif

    /// Cancels `task` soon, from the canceller's own queue, unless it has
    /// ended by then.
    func cancel(_ task: URLSessionTask) {
        schedule(Cancellation(task: task, answer: nil))
    }

    /// Runs `answer`, an authentication challenge's answer that cancels
    /// `task`, as ``cancel(_:)`` cancels.
    func cancel(_ task: URLSessionTask, answering answer: @escaping @Sendable () -> Void) {
        schedule(Cancellation(task: task, answer: answer))
    }

    /// Runs `answer`, the answer to `task`'s redirect, unless the task is
    /// being cancelled or has ended.
    ///
    /// On Linux, FoundationNetworking marks the task as waiting for the
    /// answer before it calls the delegate, and the answer's block checks
    /// that mark. A cancellation that lands in between (while callbacks run
    /// on the side queue, milliseconds may pass) fails the task and clears
    /// the mark, and the answer then ends the process ("Received callback
    /// for HTTP redirection, but we're not waiting for it"). Under the lock
    /// a cancellation takes before it starts, either the answer goes first,
    /// and the cancellation's blocks queue behind it, or it is not given:
    /// the cancellation ends the task without it. The answer itself is
    /// given outside the lock, marked as going on: a batch holding the task
    /// waits for the mark to go before it cancels.
    func answerRedirect(of task: URLSessionTask, _ answer: () -> Void) {
        #if canImport(FoundationNetworking)
            let id = task.taskIdentifier
            let mayAnswer = lock.withLock {
                let isCancelling = cancelling.contains(id) || pending.contains { $0.task === task }
                if !isCancelling { answering.insert(id) }
                return !isCancelling
            }
            guard mayAnswer else { return }
            if task.state == .running {
                answer()
            }
            lock.withLock {
                answering.remove(id)
                lock.broadcast()
            }
        #else
            answer()
        #endif
    }

    /// Called by the completion of `task`: on Linux, when the task is being
    /// cancelled and the callback runs on the delegate's side queue, waits
    /// until the cancellation went through, so the task is still
    /// registered when FoundationNetworking fails it. Inline on the
    /// session's queue it need not wait: the cancellation's blocks run on
    /// that queue too, after this callback.
    func waitIfCancelling(_ task: URLSessionTask) {
        #if canImport(FoundationNetworking)
            guard delegateQueue.isCurrentSideQueue else { return }
            lock.lock()
            while cancelling.contains(task.taskIdentifier) {
                lock.wait()
            }
            lock.unlock()
        #endif
    }

    private func schedule(_ cancellation: Cancellation) {
        let startsBatch = lock.withLock {
            pending.append(cancellation)
            return pending.count == 1
        }
        if startsBatch {
            queue.async { self.cancelPending() }
        }
    }

    private func cancelPending() {
        let taken = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        // A task's state is read on its queue: outside the lock.
        let batch = taken.filter(\.isNeeded)
        guard !batch.isEmpty else { return }
        #if canImport(FoundationNetworking)
            delegateQueue.beginCancellation()
            defer { delegateQueue.endCancellation() }
            let ids = Set(batch.map(\.task.taskIdentifier))
            lock.lock()
            // A redirect answered meanwhile goes first; waiting releases
            // the lock, and every answer ends without taking another.
            while !answering.isDisjoint(with: ids) {
                lock.wait()
            }
            cancelling.formUnion(ids)
            lock.unlock()
        #endif
        for cancellation in batch {
            cancellation.perform()
        }
        #if canImport(FoundationNetworking)
            // Each read is a block on the task's serial queue: the first
            // runs after the block `cancel()` queued, the second after the
            // one that block queued in turn.
            for cancellation in batch {
                _ = cancellation.task.priority
                _ = cancellation.task.priority
            }
            lock.withLock {
                cancelling.subtract(ids)
                lock.broadcast()
            }
        #endif
    }
}
