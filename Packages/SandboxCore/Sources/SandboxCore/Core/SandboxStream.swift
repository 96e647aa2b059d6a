import Foundation

/// A streamed response body: the chunks an emulator produces, queued for the
/// reader that writes them out.
///
/// It reads like `AsyncStream` (`makeStream`, a continuation that yields and
/// finishes, `onTermination`, `for await`), with what a server needs for a
/// reader that may stop reading:
/// - The emulator's `yield` puts the chunk straight into the reader's queue.
///   A reader that is busy (its connection full) is not woken; one that
///   waits is woken once for whatever has queued since. No task sits between
///   the two, so an event costs each stuck reader an append, not a wake-up.
/// - The reader takes what has queued in batches (``nextBatch(upTo:)``).
/// - The server can empty the queue from outside (``cancel(notice:)``): a
///   reader dropped for falling behind loses what it has not taken (it starts
///   again from a fresh snapshot when it reconnects) and gets only the
///   stream's cancel event, right away.
/// - ``observeQueued(_:)`` reports every chunk queued, for the server's
///   budget of what all streams hold.
///
/// The stream ends for good once the emulator finishes it (the reader still
/// gets what is queued), the reader terminates or cancels it, the reading
/// task is cancelled, or the last copy of the reader's side is released.
/// `onTermination` then runs once: that is how an emulator learns the reader
/// left.
public struct SandboxStream: AsyncSequence, Sendable {
    /// The chunks' type.
    public typealias Element = Data
    /// A stream never fails; it ends.
    public typealias Failure = Never

    /// What became of a yielded chunk.
    public enum YieldResult: Sendable, Equatable {
        /// The chunk is queued for the reader.
        case enqueued
        /// The reader already has its backlog of chunks waiting; this one
        /// was not queued. The emulator should end the stream.
        case dropped
        /// The stream has ended; nothing more is queued.
        case terminated
    }

    /// The emulator's side of a stream.
    public struct Continuation: Sendable {
        fileprivate let queue: SandboxStreamQueue

        /// Queues a chunk for the reader.
        @discardableResult
        public func yield(_ chunk: Data) -> YieldResult {
            queue.yield(chunk)
        }

        /// No more chunks: the reader gets what is queued, then the end.
        public func finish() {
            queue.finish()
        }

        /// Runs once when the stream ends, however it ends. Set it before
        /// the stream can end; one set after that runs at once.
        public var onTermination: (@Sendable () -> Void)? {
            get { queue.terminationHandler }
            nonmutating set { queue.terminationHandler = newValue }
        }
    }

    /// The reader's side; when the last copy goes, the stream ends.
    private let reader: SandboxStreamReader

    private init(queue: SandboxStreamQueue) {
        reader = SandboxStreamReader(queue: queue)
    }

    /// A new stream and the continuation that feeds it. `backlog` is how
    /// many chunks may wait for the reader before `yield` answers
    /// ``YieldResult/dropped``.
    public static func makeStream(backlog: Int = .max) -> (stream: SandboxStream, continuation: Continuation) {
        let queue = SandboxStreamQueue(backlog: backlog)
        return (SandboxStream(queue: queue), Continuation(queue: queue))
    }

    /// Reads the chunks one at a time.
    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: reader)
    }

    /// Reads a stream's chunks one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let reader: SandboxStreamReader

        /// The next chunk, waiting for one; `nil` at the end or once the
        /// reading task is cancelled (which ends the stream).
        public mutating func next() async -> Data? {
            await reader.queue.take(upTo: 0).first
        }
    }

    /// The chunks queued now, up to about `limit` bytes (at least one
    /// chunk), waiting for one if there is none; empty at the end or once
    /// the reading task is cancelled (which ends the stream).
    public func nextBatch(upTo limit: Int) async -> [Data] {
        await reader.queue.take(upTo: limit)
    }

    /// Drops everything queued, queues `notice` (if any) as the last chunk
    /// and ends the stream: for a reader the server drops.
    public func cancel(notice: Data?) {
        reader.queue.cancel(notice: notice)
    }

    /// Ends the stream now and drops what is queued: the reader left.
    public func terminate() {
        reader.queue.terminate()
    }

    /// Whether the stream was ended by ``cancel(notice:)``.
    public var wasCancelled: Bool {
        reader.queue.wasCancelled
    }

    /// Calls `observer` with the size of every chunk queued from now on and
    /// returns the bytes already waiting, so that a budget misses none.
    public func observeQueued(_ observer: @escaping @Sendable (Int) -> Void) -> Int {
        reader.queue.observeQueued(observer)
    }
}

/// The reader's hold on a stream: released by every copy of the stream and
/// its iterators, it ends the stream, as `AsyncStream` does.
private final class SandboxStreamReader: Sendable {
    let queue: SandboxStreamQueue

    init(queue: SandboxStreamQueue) {
        self.queue = queue
    }

    deinit {
        queue.terminate()
    }
}
