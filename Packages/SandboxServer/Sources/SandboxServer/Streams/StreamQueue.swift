import Foundation
import NIOConcurrencyHelpers

/// The chunks of one stream waiting for its reader: filled as the emulator
/// produces them, emptied as the connection takes them.
///
/// Unlike an `AsyncStream` it can be emptied from outside: a reader dropped
/// for falling behind loses what was queued for it (it starts again from a
/// fresh snapshot when it reconnects) and gets only the stream's cancel
/// event, right away, instead of after everything it could not read.
final class StreamQueue: Sendable {
    fileprivate struct State {
        var chunks: [Data] = []
        var head = 0
        var bytes = 0
        var isFinished = false
        var wasCancelled = false
        var reader: CheckedContinuation<Data?, Never>?
    }

    private let state = NIOLockedValueBox(State())

    /// Queues a chunk; false once the queue is finished (nothing is queued).
    func push(_ chunk: Data) -> Bool {
        let (accepted, reader) = state.withLockedValue { state -> (Bool, CheckedContinuation<Data?, Never>?) in
            guard !state.isFinished else { return (false, nil) }
            if let reader = state.reader {
                state.reader = nil
                return (true, reader)
            }
            state.chunks.append(chunk)
            state.bytes += chunk.count
            return (true, nil)
        }
        reader?.resume(returning: chunk)
        return accepted
    }

    /// No more chunks: the reader gets what is queued, then the end.
    func finish() {
        let reader = state.withLockedValue { state -> CheckedContinuation<Data?, Never>? in
            state.isFinished = true
            defer { state.reader = nil }
            return state.chunks.count > state.head ? nil : state.reader
        }
        reader?.resume(returning: nil)
    }

    /// Drops everything queued, queues `notice` (if any) as the last chunk
    /// and finishes.
    func cancel(notice: Data?) {
        let reader = state.withLockedValue { state -> CheckedContinuation<Data?, Never>? in
            guard !state.wasCancelled else { return nil }
            state.chunks = notice.map { [$0] } ?? []
            state.head = 0
            state.bytes = 0
            state.isFinished = true
            state.wasCancelled = true
            defer { state.reader = nil }
            return state.reader
        }
        if let reader {
            reader.resume(returning: state.withLockedValue { $0.popFirst() })
        }
    }

    /// Whether the stream was cancelled rather than finished.
    var wasCancelled: Bool {
        state.withLockedValue(\.wasCancelled)
    }

    /// The chunks queued now, up to about `limit` bytes (at least one),
    /// waiting for one if there is none; empty at the end. A reader that
    /// fell behind takes its backlog in a few writes, not one per event,
    /// and no write copies more than `limit` of it at once.
    func nextBatch(upTo limit: Int = 256 << 10) async -> [Data] {
        guard let first = await next() else { return [] }
        return state.withLockedValue { state in
            var batch = [first]
            var bytes = first.count
            while bytes < limit, let chunk = state.popFirst() {
                batch.append(chunk)
                bytes += chunk.count
            }
            return batch
        }
    }

    /// The next chunk, waiting for one; `nil` at the end.
    func next() async -> Data? {
        if let ready = state.withLockedValue({ state -> Data?? in
            if let chunk = state.popFirst() { return .some(chunk) }
            return state.isFinished ? .some(nil) : nil
        }) {
            return ready
        }
        return await withCheckedContinuation { continuation in
            let ready = state.withLockedValue { state -> Data?? in
                if let chunk = state.popFirst() { return .some(chunk) }
                if state.isFinished { return .some(nil) }
                state.reader = continuation
                return nil
            }
            if let ready {
                continuation.resume(returning: ready)
            }
        }
    }
}

extension StreamQueue.State {
    /// Takes the oldest chunk, compacting the array once half of it is
    /// taken, so a long stream's queue does not grow without end.
    fileprivate mutating func popFirst() -> Data? {
        guard head < chunks.count else { return nil }
        let chunk = chunks[head]
        chunks[head] = Data()
        head += 1
        bytes -= chunk.count
        if head > 64, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
        return chunk
    }
}
