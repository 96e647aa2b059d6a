#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking

    /// The delegate queue of a ``URLSessionTransport``'s session on Linux:
    /// it runs each callback at once, on the session's own queue that
    /// produced it, except while a task is being cancelled.
    ///
    /// FoundationNetworking hands every delegate callback (a response, each
    /// piece of a body, the completion) to `delegateQueue.addOperation`, and
    /// an `OperationQueue` turns each into a `BlockOperation` with its state
    /// machine, locks and a dispatch to another thread: profiled at about
    /// 50 µs of CPU a request for the three callbacks of a small response,
    /// a tenth of what the whole request costs, and a thread woken for each.
    /// `URLSession.data(for:)` pays none of it, because it runs its
    /// completion inline on the session's queue; this gives the delegate the
    /// same path. FoundationNetworking adds delegate work only through
    /// `addOperation(_:)` with a block, and calls each callback in order on
    /// its one serial queue, so order is kept.
    ///
    /// While ``TaskCanceller`` cancels a task, callbacks run instead on a
    /// serial queue of their own, in the same order, as an ordinary
    /// delegate queue runs them: there, a completion that raced the
    /// cancellation can wait for it to go through (see ``TaskCanceller``),
    /// which on the session's queue would wait for itself. What runs inline
    /// must never wait for the session: ``SessionDelegate`` takes a lock for
    /// a dictionary access, appends, resumes continuations, and cancels
    /// tasks only through the canceller.
    final class SessionDelegateQueue: OperationQueue, @unchecked Sendable {
        private static let sideQueueKey = DispatchSpecificKey<Void>()
        private let sideQueue: DispatchQueue
        private let lock = NSLock()
        /// Cancellations going on; guarded by `lock`.
        private var cancellations = 0
        /// Callbacks sent to the side queue and not yet run; guarded by
        /// `lock`. While any are left, later ones follow them there.
        private var sideCallbacks = 0

        override init() {
            sideQueue = DispatchQueue(label: "URLSessionTransport.delegate")
            sideQueue.setSpecific(key: Self.sideQueueKey, value: ())
            super.init()
        }

        /// Whether the caller runs on the side queue, where a callback may
        /// wait for the session.
        var isCurrentSideQueue: Bool {
            DispatchQueue.getSpecific(key: Self.sideQueueKey) != nil
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            let runsInline = lock.withLock {
                guard cancellations > 0 || sideCallbacks > 0 else { return true }
                sideCallbacks += 1
                return false
            }
            if runsInline {
                block()
                return
            }
            sideQueue.async {
                block()
                self.lock.withLock { self.sideCallbacks -= 1 }
            }
        }

        /// Sends callbacks to the side queue until the matching
        /// ``endCancellation()``.
        func beginCancellation() {
            lock.withLock { cancellations += 1 }
        }

        /// Ends what ``beginCancellation()`` began.
        func endCancellation() {
            lock.withLock { cancellations -= 1 }
        }
    }
#endif
