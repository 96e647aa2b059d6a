#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking

    /// The delegate queue of a ``URLSessionTransport``'s session on Linux:
    /// it runs each callback at once, on the session's own queue that
    /// produced it, instead of as an `Operation` on a queue of its own.
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
    /// What runs here must never wait for the session: ``SessionDelegate``
    /// takes a lock for a dictionary access, appends, resumes continuations,
    /// and cancels tasks only from another queue.
    final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
