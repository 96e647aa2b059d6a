import Foundation

extension TransferBody: AsyncSequence {
    /// A chunk of bytes.
    public typealias Element = Data

    /// Reads a body's chunks in order: the bytes of a file or a form as
    /// they are taken, a stream's as it yields them.
    ///
    /// Reading never ends quietly when it did not reach the end: a task
    /// cancelled while it reads gets ``NetworkError/cancelled``, a length
    /// the chunks do not match gets ``NetworkError/incompleteBody(expected:received:)``,
    /// and a one-shot stream read a second time gets
    /// ``NetworkError/bodyNotReplayable``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var produce: (@Sendable () async throws -> Data?)?
        private var failure: NetworkError?

        init(_ produce: @escaping @Sendable () async throws -> Data?) {
            self.produce = produce
        }

        init(failure: NetworkError) {
            self.failure = failure
        }

        /// The next chunk, or `nil` after the last.
        public mutating func next() async throws -> Data? {
            if let failure {
                self.failure = nil
                produce = nil
                throw failure
            }
            guard let produce else { return nil }
            do {
                guard let chunk = try await produce() else {
                    self.produce = nil
                    return nil
                }
                return chunk
            } catch {
                self.produce = nil
                throw error
            }
        }
    }

    /// An iterator from the body's first byte.
    public func makeAsyncIterator() -> AsyncIterator {
        do {
            return AsyncIterator(try makeChunkReader())
        } catch {
            return AsyncIterator(failure: error)
        }
    }

    /// The size of the chunks a file or a form is read in.
    static let chunkSize = 64 << 10

    /// A function that gives the body's chunks one call at a time, from the
    /// first: progress is counted as they are taken, and a declared length
    /// the chunks do not match fails the read.
    func makeChunkReader() throws(NetworkError) -> @Sendable () async throws -> Data? {
        if let reader = BodyReader(self) {
            let shared = SendableReader(reader)
            return { try shared.reader.next(maxLength: Self.chunkSize) }
        }
        guard case .chunks(let source) = source, let next = source.makeNext() else {
            throw .bodyNotReplayable
        }
        let counter = ChunkCounter(next: next, length: length, progress: progress)
        return { try await counter.next() }
    }

    /// Reads the whole body into memory, failing past `limit` bytes with
    /// ``NetworkError/responseTooLarge(limit:)``.
    public func collect(upTo limit: Int) async throws(NetworkError) -> Data {
        if let data, data.count <= limit, progress == nil { return data }
        if let length, length > limit { throw .responseTooLarge(limit: limit) }
        var collected = Data()
        do {
            for try await chunk in self {
                guard collected.count + chunk.count <= limit else { throw NetworkError.responseTooLarge(limit: limit) }
                collected.append(chunk)
            }
        } catch {
            throw NetworkError(bodyError: error)
        }
        return collected
    }
}

extension NetworkError {
    /// What reading a body threw, as a network error: its own cases pass
    /// through, cancellation is ``cancelled``, anything else a transport
    /// failure of the body's source.
    init(bodyError error: any Error) {
        switch error {
        case let error as NetworkError: self = error
        case is CancellationError: self = .cancelled
        default:
            let nsError = error as NSError
            self = .transportFailed(
                TransportFailure(domain: nsError.domain, code: nsError.code, message: String(describing: error)))
        }
    }
}

/// A reader one stream's one consumer uses, one call at a time.
private final class SendableReader: @unchecked Sendable {
    let reader: BodyReader

    init(_ reader: BodyReader) {
        self.reader = reader
    }
}

/// Counts a stream's chunks against the length it declared and the
/// progress it reports. Called one call at a time by the body's reader.
private final class ChunkCounter: @unchecked Sendable {
    private let nextChunk: @Sendable () async throws -> Data?
    private let length: Int?
    private let progress: ProgressReporter?
    private var count = 0

    init(next: @escaping @Sendable () async throws -> Data?, length: Int?, progress: ProgressReporter?) {
        self.nextChunk = next
        self.length = length
        self.progress = progress
        progress?.restart()
    }

    func next() async throws -> Data? {
        guard let chunk = try await nextChunk() else {
            // Many streams end quietly when the task reading them is
            // cancelled: that is neither the body's end nor a short body.
            if Task.isCancelled { throw NetworkError.cancelled }
            if let length, count != length {
                throw NetworkError.incompleteBody(expected: length, received: count)
            }
            progress?.finish()
            return nil
        }
        count += chunk.count
        if let length, count > length {
            throw NetworkError.incompleteBody(expected: length, received: count)
        }
        progress?.add(chunk.count)
        return chunk
    }
}
