import Foundation

/// A streaming response's body between the session, which appends chunks
/// on its queue, and the one reader, which takes them.
///
/// The reader takes every chunk waiting at once, joined, so a reader that
/// does real work per chunk (writing a download to disk) pays per wake-up,
/// not per 16 KiB the session hands over.
///
/// FoundationNetworking cannot pause a transfer, and the session's thread
/// must never wait for a reader: creating or resuming any task waits for
/// that thread, so a reader whose task waits to run behind such a call
/// would never come (tried: every waiting append ran out its time). So a
/// reader that falls more than ``limit`` bytes behind fails the stream.
/// Under the lock: an array append, counts, a continuation swap; the
/// joining copy and the reader's work happen outside.
final class ChunkQueue: @unchecked Sendable {
    /// The most bytes allowed to wait for the reader.
    let limit: Int
    private let lock = NSLock()
    private var pending: [Data] = []
    private var pendingBytes = 0
    private var end: Result<Void, any Error>?
    private var waiter: CheckedContinuation<[Data], any Error>?
    /// Stops the request; called once, when the reader goes away or is
    /// cancelled before the end.
    private let abandon: @Sendable () -> Void
    private var isAbandoned = false
    /// Where chunks go once the reader asked for them to be drained: the
    /// consumer writes them (a download, to its file) as they arrive, on
    /// the session's thread, so nothing waits in memory.
    private var sink: (@Sendable (Data) -> Bool)?

    init(limit: Int, abandon: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.abandon = abandon
    }

    /// Adds a chunk; `false` when the reader is more than ``limit`` bytes
    /// behind.
    func append(_ data: Data) -> Bool {
        lock.lock()
        if let sink {
            lock.unlock()
            return sink(data)
        }
        defer { lock.unlock() }
        guard end == nil, !isAbandoned else { return true }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: [data])
            return true
        }
        pending.append(data)
        pendingBytes += data.count
        return pendingBytes <= limit || end != nil || isAbandoned
    }

    /// Ends the body: the server's end, or `error`.
    func finish(throwing error: (any Error)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        guard end == nil else { return }
        end = error.map { .failure($0) } ?? .success(())
        guard pending.isEmpty, let waiter else { return }
        self.waiter = nil
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: []) }
    }

    /// Every chunk waiting, joined; `nil` at the end. Throws the stream's
    /// error, or `CancellationError` when the reading task is cancelled.
    func next() async throws -> Data? {
        let chunks = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Data], any Error>) in
                lock.lock()
                defer { lock.unlock() }
                if !pending.isEmpty {
                    let taken = pending
                    pending.removeAll(keepingCapacity: true)
                    pendingBytes = 0
                    continuation.resume(returning: taken)
                    return
                }
                switch end {
                case .success?: continuation.resume(returning: [])
                case .failure(let error)?: continuation.resume(throwing: error)
                case nil:
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        waiter = continuation
                    }
                }
            }
        } onCancel: {
            lock.lock()
            let waiting = waiter
            waiter = nil
            lock.unlock()
            waiting?.resume(throwing: CancellationError())
            readerLeft()
        }
        guard let first = chunks.first else { return nil }
        guard chunks.count > 1 else { return first }
        var joined = Data(capacity: chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks { joined.append(chunk) }
        return joined
    }

    /// Hands every chunk to `sink` from now on, on the session's thread as
    /// it arrives, the chunks already waiting first and in order; the
    /// reader's ``next()`` then only waits for the end. `false` from the
    /// sink fails the stream, as a reader too far behind does.
    ///
    /// A consumer that writes each chunk somewhere quick (a file) keeps up
    /// with any connection this way, with no task hop per chunk: the
    /// session's thread does the writing.
    func drain(into sink: @escaping @Sendable (Data) -> Bool) -> Bool {
        while true {
            lock.lock()
            guard !pending.isEmpty else {
                self.sink = sink
                lock.unlock()
                return true
            }
            let waiting = pending
            pending.removeAll()
            pendingBytes = 0
            lock.unlock()
            for chunk in waiting where !sink(chunk) {
                return false
            }
        }
    }

    /// The reader let go before the end: the request stops.
    func readerLeft() {
        lock.lock()
        let shouldAbandon = !isAbandoned && end == nil
        isAbandoned = true
        pending.removeAll()
        pendingBytes = 0
        lock.unlock()
        if shouldAbandon { abandon() }
    }
}

/// The reader's hold on a ``ChunkQueue``: when the body is let go, the
/// request stops.
final class ChunkQueueReader: Sendable {
    let queue: ChunkQueue

    init(_ queue: ChunkQueue) {
        self.queue = queue
    }

    deinit {
        queue.readerLeft()
    }
}
