import Foundation
@_spi(NetworkingInternals) import Networking

/// The shared state of a ``SandboxStream``: the chunks waiting for the
/// reader, the reader waiting for chunks, and how the stream ended.
///
/// Every operation holds the lock for a few assignments; handlers and the
/// reader are resumed after it is released, so one may call back in, in the
/// order ``LockedState`` documents: a writer or a leaving reader moves the
/// waiting continuation out in its locked step and resumes it after.
final class SandboxStreamQueue: Sendable {
    fileprivate struct State: Sendable {
        var chunks: [Data] = []
        var head = 0
        /// No more chunks are accepted; the reader takes what is queued.
        var isFinished = false
        var wasCancelled = false
        /// `onTermination` is due or has run: one set now runs at once.
        var hasEnded = false
        var reader: CheckedContinuation<Void, Never>?
        var terminationHandler: (@Sendable () -> Void)?
        var observer: (@Sendable (Int) -> Void)?
    }

    /// The chunks that may wait before a yield is refused.
    private let backlog: Int
    private let state = LockedState(State())

    init(backlog: Int) {
        self.backlog = max(1, backlog)
    }

    func yield(_ chunk: Data) -> SandboxStream.YieldResult {
        let (result, reader, observer) = state.withLock {
            state -> (SandboxStream.YieldResult, CheckedContinuation<Void, Never>?, (@Sendable (Int) -> Void)?) in
            guard !state.isFinished else { return (.terminated, nil, nil) }
            guard state.chunks.count - state.head < backlog else { return (.dropped, nil, nil) }
            state.chunks.append(chunk)
            defer { state.reader = nil }
            return (.enqueued, state.reader, state.observer)
        }
        observer?(chunk.count)
        reader?.resume()
        return result
    }

    func finish() {
        end { _ in }
    }

    func cancel(notice: Data?) {
        end { state in
            guard !state.wasCancelled else { return }
            state.chunks = notice.map { [$0] } ?? []
            state.head = 0
            state.wasCancelled = true
        }
    }

    func terminate() {
        end { state in
            state.chunks = []
            state.head = 0
        }
    }

    /// Finishes the stream after `change`, wakes the reader and runs
    /// `onTermination` if it has not run.
    private func end(_ change: (inout State) -> Void) {
        let (reader, handler) = state.withLock {
            state -> (CheckedContinuation<Void, Never>?, (@Sendable () -> Void)?) in
            change(&state)
            state.isFinished = true
            state.hasEnded = true
            defer {
                state.reader = nil
                state.terminationHandler = nil
            }
            return (state.reader, state.terminationHandler)
        }
        reader?.resume()
        handler?()
    }

    var wasCancelled: Bool {
        state.withLock { $0.wasCancelled }
    }

    var terminationHandler: (@Sendable () -> Void)? {
        get { state.withLock { $0.terminationHandler } }
        set {
            let runNow = state.withLock { state -> Bool in
                guard !state.hasEnded else { return true }
                state.terminationHandler = newValue
                return false
            }
            if runNow { newValue?() }
        }
    }

    func observeQueued(_ observer: @escaping @Sendable (Int) -> Void) -> Int {
        state.withLock { state in
            state.observer = observer
            // Once per stream, so counted here rather than kept on every
            // yield and take.
            return state.chunks[state.head...].reduce(0) { $0 + $1.count }
        }
    }

    /// The chunks queued now, up to about `limit` bytes (at least one),
    /// waiting for one if there is none; empty at the end. Cancelling the
    /// reading task ends the stream.
    func take(upTo limit: Int) async -> [Data] {
        while !Task.isCancelled {
            let batch = state.withLock { state -> [Data]? in
                guard state.head < state.chunks.count else { return state.isFinished ? [] : nil }
                var batch: [Data] = []
                var bytes = 0
                while batch.isEmpty || bytes < limit, let chunk = state.popFirst() {
                    batch.append(chunk)
                    bytes += chunk.count
                }
                return batch
            }
            if let batch { return batch }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let (isReady, replaced) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
                        guard state.head == state.chunks.count, !state.isFinished else { return (true, nil) }
                        // One reader at a time; a second one takes over.
                        defer { state.reader = continuation }
                        return (false, state.reader)
                    }
                    replaced?.resume()
                    if isReady { continuation.resume() }
                }
            } onCancel: {
                terminate()
            }
        }
        terminate()
        return []
    }
}

extension SandboxStreamQueue.State {
    /// Takes the oldest chunk, compacting the array once half of it is
    /// taken, so a long stream's queue does not grow without end.
    fileprivate mutating func popFirst() -> Data? {
        guard head < chunks.count else { return nil }
        let chunk = chunks[head]
        chunks[head] = Data()
        head += 1
        if head > 64, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
        return chunk
    }
}
