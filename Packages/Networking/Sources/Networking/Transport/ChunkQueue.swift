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
/// would never come (tried: every waiting append ran out its time). So what
/// the reader has not taken waits, in order: up to ``memoryLimit`` bytes
/// in memory, the rest of ``limit`` in a ``SpillFile``; a reader further
/// behind fails the stream. A busy machine that runs the reader's
/// task late (a download between its head and its file) therefore costs a
/// temporary file, never the transfer or unbounded memory. Under the lock:
/// an array append or a write to the page cache, counts, a continuation
/// swap; the joining copy and the reader's work happen outside.
final class ChunkQueue: @unchecked Sendable {
    /// The most bytes waiting for the reader.
    let limit: Int
    /// The most of those in memory: 1 MiB, or `limit` when it is smaller.
    let memoryLimit: Int
    private let lock = NSLock()
    private var pending: [Data] = []
    private var pendingBytes = 0
    /// Bytes after `pending`, from `spillRead` to `spillEnd`.
    private var spill: SpillFile?
    private var spillRead = 0
    private var spillEnd = 0
    private var end: Result<Void, any Error>?
    private var waiter: CheckedContinuation<Waiting, any Error>?
    /// Stops the request; called once, when the reader goes away or is
    /// cancelled before the end.
    private let abandon: @Sendable () -> Void
    private var isAbandoned = false
    /// Where chunks go once the reader asked for them to be drained: the
    /// consumer writes them (a download, to its file) as they arrive, on
    /// the session's thread, so nothing waits in memory.
    private var sink: (@Sendable (Data) -> Bool)?
    /// How much of the temporary file a read takes at a time.
    private static let spillReadSize = 1 << 20

    init(limit: Int, abandon: @escaping @Sendable () -> Void) {
        self.limit = limit
        memoryLimit = min(limit, 1 << 20)
        self.abandon = abandon
    }

    /// Adds a chunk; the error that fails the stream when the reader is
    /// too far behind, or the drain's sink refused the chunk.
    func append(_ data: Data) -> NetworkError? {
        lock.lock()
        if let sink {
            lock.unlock()
            return sink(data) ? nil : .responseTooLarge(limit: limit)
        }
        defer { lock.unlock() }
        guard end == nil, !isAbandoned else { return nil }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: .chunks([data]))
            return nil
        }
        guard spillEnd > spillRead || pendingBytes + data.count > memoryLimit else {
            pending.append(data)
            pendingBytes += data.count
            return nil
        }
        // Past memory's share, or behind bytes already on disk: to disk.
        guard pendingBytes + spillEnd - spillRead + data.count <= limit else {
            return .responseTooLarge(limit: limit)
        }
        do throws(NetworkError) {
            let file: SpillFile
            if let spill {
                file = spill
            } else {
                file = try SpillFile()
                spill = file
            }
            try file.write(data, at: spillEnd)
            spillEnd += data.count
            return nil
        } catch {
            return error
        }
    }

    /// Ends the body: the server's end, or `error`.
    func finish(throwing error: (any Error)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        guard end == nil else { return }
        end = error.map { .failure($0) } ?? .success(())
        guard pending.isEmpty, spillEnd == spillRead, let waiter else { return }
        self.waiter = nil
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: .end) }
    }

    /// Every chunk waiting in memory, joined, or the next part of what
    /// waits on disk; `nil` at the end. Throws the stream's error, or
    /// `CancellationError` when the reading task is cancelled.
    func next() async throws -> Data? {
        while true {
            if let spilled = try takeSpilled() { return spilled }
            switch try await nextInMemory() {
            case .chunks(let chunks):
                guard chunks.count > 1 else { return chunks.first }
                var joined = Data(capacity: chunks.reduce(0) { $0 + $1.count })
                for chunk in chunks { joined.append(chunk) }
                return joined
            case .spilled:
                continue
            case .end:
                return nil
            }
        }
    }

    /// What a reader finds when it looks.
    private enum Waiting {
        /// Chunks from memory, at least one.
        case chunks([Data])
        /// Bytes on disk, read outside the lock.
        case spilled
        /// The end of the body.
        case end
    }

    /// Waits for chunks in memory, bytes on disk or the end.
    private func nextInMemory() async throws -> Waiting {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Waiting, any Error>) in
                lock.lock()
                defer { lock.unlock() }
                if !pending.isEmpty {
                    continuation.resume(returning: .chunks(takePending()))
                    return
                }
                if spillEnd > spillRead {
                    continuation.resume(returning: .spilled)
                    return
                }
                switch end {
                case .success?: continuation.resume(returning: .end)
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
    }

    /// The chunks in memory, taken; under the lock.
    private func takePending() -> [Data] {
        let taken = pending
        pending.removeAll(keepingCapacity: true)
        pendingBytes = 0
        return taken
    }

    /// The next part of what waits on disk, when memory holds nothing
    /// before it: read outside the lock, since the session only writes
    /// past `spillEnd`.
    private func takeSpilled() throws(NetworkError) -> Data? {
        let (file, offset, count) = lock.withLock { () -> (SpillFile?, Int, Int) in
            guard pending.isEmpty, spillEnd > spillRead else { return (nil, 0, 0) }
            return (spill, spillRead, min(spillEnd - spillRead, Self.spillReadSize))
        }
        guard let file else { return nil }
        let data = try file.read(count, at: offset)
        lock.withLock {
            spillRead += count
            if spillRead == spillEnd {
                // Caught up: later chunks wait in memory again.
                spillRead = 0
                spillEnd = 0
                file.empty()
            }
        }
        return data
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
            let spilled: Data?
            do {
                spilled = try takeSpilled()
            } catch {
                return false
            }
            if let spilled {
                guard sink(spilled) else { return false }
                continue
            }
            lock.lock()
            guard !pending.isEmpty || spillEnd > spillRead else {
                self.sink = sink
                lock.unlock()
                return true
            }
            let waiting = takePending()
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
        spill = nil
        spillRead = 0
        spillEnd = 0
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
