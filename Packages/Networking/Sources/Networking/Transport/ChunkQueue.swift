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
final class ChunkQueue: Sendable {
    /// The most bytes waiting for the reader.
    let limit: Int
    /// The most of those in memory: 1 MiB, or `limit` when it is smaller.
    let memoryLimit: Int
    private let state = LockedState(State())
    /// Stops the request; called once, when the reader goes away or is
    /// cancelled before the end.
    private let abandon: @Sendable () -> Void
    /// How much of the temporary file a read takes at a time.
    private static let spillReadSize = 1 << 20

    /// Everything the session's thread, the reader and the reader's
    /// cancellation handler share. Each of them changes it in one locked
    /// step and resumes or calls out only after the lock is released, in
    /// the order ``LockedState`` documents: the session appending a chunk
    /// moves the waiting reader out and resumes it after; a cancellation
    /// moves it out and marks the queue abandoned in one step, so a reader
    /// arriving later finds the mark instead of waiting for ever.
    fileprivate struct State: Sendable {
        var pending: [Data] = []
        var pendingBytes = 0
        /// Bytes after `pending`, from `spillRead` to `spillEnd`.
        var spill: SpillFile?
        var spillRead = 0
        var spillEnd = 0
        var end: Result<Void, any Error>?
        var waiter: CheckedContinuation<Waiting, any Error>?
        var isAbandoned = false
        /// Where chunks go once the reader asked for them to be drained:
        /// the consumer writes them (a download, to its file) as they
        /// arrive, on the session's thread, so nothing waits in memory.
        var sink: (@Sendable (Data) -> Bool)?
    }

    init(limit: Int, abandon: @escaping @Sendable () -> Void) {
        self.limit = limit
        memoryLimit = min(limit, 1 << 20)
        self.abandon = abandon
    }

    /// Adds a chunk; the error that fails the stream when the reader is
    /// too far behind, or the drain's sink refused the chunk.
    func append(_ data: Data) -> NetworkError? {
        enum Step {
            case drain(@Sendable (Data) -> Bool)
            case hand(CheckedContinuation<Waiting, any Error>)
            case kept(NetworkError?)
        }
        let step = state.withLock { state -> Step in
            if let sink = state.sink { return .drain(sink) }
            guard state.end == nil, !state.isAbandoned else { return .kept(nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return .hand(waiter)
            }
            return .kept(state.keep(data, limit: limit, memoryLimit: memoryLimit))
        }
        switch step {
        case .drain(let sink):
            return sink(data) ? nil : .responseTooLarge(limit: limit)
        case .hand(let waiter):
            waiter.resume(returning: .chunks([data]))
            return nil
        case .kept(let failure):
            return failure
        }
    }

    /// Ends the body: the server's end, or `error`.
    func finish(throwing error: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<Waiting, any Error>? in
            guard state.end == nil else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            // A reader waits only when nothing is queued before the end.
            defer { state.waiter = nil }
            return state.waiter
        }
        guard let waiter else { return }
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
    fileprivate enum Waiting: Sendable {
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
                let ready = state.withLock { state -> Result<Waiting, any Error>? in
                    if let ready = state.takeReady() { return ready }
                    // Checked in the same step that would store the
                    // waiter: a cancellation either came before (and is
                    // seen here) or finds the waiter stored.
                    if state.isAbandoned || Task.isCancelled { return .failure(CancellationError()) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            readerLeft()
        }
    }

    /// The next part of what waits on disk, when memory holds nothing
    /// before it: read outside the lock, since the session only writes
    /// past `spillEnd`.
    private func takeSpilled() throws(NetworkError) -> Data? {
        let (file, offset, count) = state.withLock { state -> (SpillFile?, Int, Int) in
            guard state.pending.isEmpty, state.spillEnd > state.spillRead else { return (nil, 0, 0) }
            return (state.spill, state.spillRead, min(state.spillEnd - state.spillRead, Self.spillReadSize))
        }
        guard let file else { return nil }
        let data = try file.read(count, at: offset)
        state.withLock { state in
            // Abandoned meanwhile: the file is no longer the queue's.
            guard state.spill === file else { return }
            state.spillRead += count
            if state.spillRead == state.spillEnd {
                // Caught up: later chunks wait in memory again.
                state.spillRead = 0
                state.spillEnd = 0
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
            let waiting = state.withLock { state -> [Data]? in
                guard !state.pending.isEmpty || state.spillEnd > state.spillRead else {
                    state.sink = sink
                    return nil
                }
                return state.takePending()
            }
            guard let waiting else { return true }
            for chunk in waiting where !sink(chunk) {
                return false
            }
        }
    }

    /// The reader let go before the end, or its task was cancelled: the
    /// request stops, and a reader waiting is woken with
    /// `CancellationError`.
    func readerLeft() {
        let (waiter, shouldAbandon, released) = state.withLock {
            state -> (CheckedContinuation<Waiting, any Error>?, Bool, SpillFile?) in
            let shouldAbandon = !state.isAbandoned && state.end == nil
            state.isAbandoned = true
            state.pending.removeAll()
            state.pendingBytes = 0
            // Closed after the lock, when `released` goes.
            let released = state.spill
            state.spill = nil
            state.spillRead = 0
            state.spillEnd = 0
            defer { state.waiter = nil }
            return (state.waiter, shouldAbandon, released)
        }
        _ = released
        waiter?.resume(throwing: CancellationError())
        if shouldAbandon { abandon() }
    }
}

extension ChunkQueue.State {
    /// What a reader can have without waiting: the chunks in memory, bytes
    /// on disk, or the end.
    fileprivate mutating func takeReady() -> Result<ChunkQueue.Waiting, any Error>? {
        if !pending.isEmpty { return .success(.chunks(takePending())) }
        if spillEnd > spillRead { return .success(.spilled) }
        switch end {
        case .success?: return .success(.end)
        case .failure(let error)?: return .failure(error)
        case nil: return nil
        }
    }

    /// The chunks in memory, taken.
    fileprivate mutating func takePending() -> [Data] {
        let taken = pending
        pending.removeAll(keepingCapacity: true)
        pendingBytes = 0
        return taken
    }

    /// Keeps a chunk no reader waits for: in memory up to `memoryLimit`,
    /// then on disk (a write to the page cache) up to `limit`; the error
    /// when the reader is too far behind or the disk refused.
    fileprivate mutating func keep(_ data: Data, limit: Int, memoryLimit: Int) -> NetworkError? {
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
