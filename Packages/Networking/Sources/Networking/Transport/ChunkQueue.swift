import Foundation

/// A streaming response's body between the session, which appends chunks
/// on its queue, and the one reader, which takes them.
///
/// The reader takes every chunk waiting at once, joined, so a reader that
/// does real work per chunk (writing a download to disk) pays per wake-up,
/// not per 16 KiB the session hands over.
///
/// FoundationNetworking cannot pause a transfer, so back-pressure is the
/// session's thread waiting: when more than ``highWater`` bytes wait, an
/// append blocks until the reader takes them, for at most ``maxStall``. A
/// reader that keeps up, even slowly (a download to a slow disk), is never
/// failed and holds little; one that has stopped reading is given up on
/// after one stall, which holds up the session's other transfers for as
/// long: its chunks then pile up without waiting, and the stream fails
/// once more than ``limit`` bytes wait. Under the lock: an array append,
/// counts, a continuation swap; the joining copy and the reader's work
/// happen outside.
final class ChunkQueue: @unchecked Sendable {
    /// The most bytes allowed to wait for the reader.
    let limit: Int
    /// How long an append waits for the reader to make room.
    let maxStall: TimeInterval
    /// How many waiting bytes make an append wait for the reader.
    let highWater: Int
    /// Whether a stall ran out: the reader is not reading, so appends no
    /// longer wait.
    private var isStuck = false
    private let condition = NSCondition()
    private var pending: [Data] = []
    private var pendingBytes = 0
    private var end: Result<Void, any Error>?
    private var waiter: CheckedContinuation<[Data], any Error>?
    /// Stops the request; called once, when the reader goes away or is
    /// cancelled before the end.
    private let abandon: @Sendable () -> Void
    private var isAbandoned = false

    init(limit: Int, maxStall: TimeInterval = 2, abandon: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.maxStall = maxStall
        highWater = min(limit, 1 << 20)
        self.abandon = abandon
    }

    /// Adds a chunk, waiting up to ``maxStall`` for room; `false` when the
    /// reader stayed more than ``limit`` bytes behind.
    func append(_ data: Data) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard end == nil, !isAbandoned else { return true }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: [data])
            return true
        }
        pending.append(data)
        pendingBytes += data.count
        if !isStuck, pendingBytes > highWater {
            let deadline = Date(timeIntervalSinceNow: maxStall)
            while pendingBytes > highWater, end == nil, !isAbandoned {
                if !condition.wait(until: deadline) {
                    isStuck = true
                    break
                }
            }
        }
        return pendingBytes <= limit || end != nil || isAbandoned
    }

    /// Ends the body: the server's end, or `error`.
    func finish(throwing error: (any Error)? = nil) {
        condition.lock()
        defer { condition.unlock() }
        guard end == nil else { return }
        end = error.map { .failure($0) } ?? .success(())
        condition.broadcast()
        guard pending.isEmpty, let waiter else { return }
        self.waiter = nil
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: []) }
    }

    /// Every chunk waiting, joined; `nil` at the end. Throws the stream's
    /// error, or `CancellationError` when the reading task is cancelled.
    func next() async throws -> Data? {
        let chunks = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Data], any Error>) in
                condition.lock()
                defer { condition.unlock() }
                if !pending.isEmpty {
                    let taken = pending
                    pending.removeAll(keepingCapacity: true)
                    pendingBytes = 0
                    isStuck = false
                    condition.broadcast()
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
            condition.lock()
            let waiting = waiter
            waiter = nil
            condition.unlock()
            waiting?.resume(throwing: CancellationError())
            readerLeft()
        }
        guard let first = chunks.first else { return nil }
        guard chunks.count > 1 else { return first }
        var joined = Data(capacity: chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks { joined.append(chunk) }
        return joined
    }

    /// The reader let go before the end: the request stops.
    func readerLeft() {
        condition.lock()
        let shouldAbandon = !isAbandoned && end == nil
        isAbandoned = true
        pending.removeAll()
        pendingBytes = 0
        condition.broadcast()
        condition.unlock()
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
