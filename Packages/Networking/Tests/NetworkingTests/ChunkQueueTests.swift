import Foundation
import Testing

@testable import Networking

/// A stream's backlog between the session and its reader: what the reader
/// has not taken waits in memory up to 1 MiB, then in a temporary file,
/// in order, up to the limit.
@Suite("A stream's backlog")
struct ChunkQueueTests {
    /// 16 KiB chunks, as the session hands them over, each numbered.
    private static func chunks(_ count: Int) -> [Data] {
        (0..<count).map { index in Data(repeating: UInt8(truncatingIfNeeded: index), count: 16 << 10) }
    }

    @Test("A reader 8 MiB behind gets every byte in order, memory holding at most 1 MiB")
    func spillsInOrder() async throws {
        let queue = ChunkQueue(limit: 64 << 20) {}
        let sent = Self.chunks(512)
        for chunk in sent {
            #expect(queue.append(chunk) == nil)
        }
        queue.finish()
        var received = Data()
        while let next = try await queue.next() {
            // Memory is taken whole, the file a mebibyte at a time.
            #expect(next.count <= 1 << 20)
            received.append(next)
        }
        #expect(received == sent.reduce(Data(), +))
    }

    @Test("Bytes that arrive while the reader catches up on the file come after it")
    func interleaved() async throws {
        let queue = ChunkQueue(limit: 64 << 20) {}
        let sent = Self.chunks(300)
        var received = Data()
        for (index, chunk) in sent.enumerated() {
            #expect(queue.append(chunk) == nil)
            // The reader takes a little now and then, never enough.
            if index % 40 == 39, let next = try await queue.next() {
                received.append(next)
            }
        }
        queue.finish()
        while let next = try await queue.next() {
            received.append(next)
        }
        #expect(received == sent.reduce(Data(), +))
    }

    @Test("A drain gets what waits in memory and on disk first, then the rest as it comes")
    func drainAfterSpill() throws {
        let queue = ChunkQueue(limit: 64 << 20) {}
        let sent = Self.chunks(200)
        for chunk in sent.prefix(150) {
            #expect(queue.append(chunk) == nil)
        }
        let drained = Drained()
        #expect(queue.drain { drained.add($0) })
        for chunk in sent.dropFirst(150) {
            #expect(queue.append(chunk) == nil)
        }
        #expect(drained.bytes == sent.reduce(Data(), +))
    }

    @Test("A reader further behind than the limit fails the stream with responseTooLarge")
    func pastTheLimit() {
        let queue = ChunkQueue(limit: 2 << 20) {}
        let failures = Self.chunks(200).compactMap { queue.append($0) }
        guard case .responseTooLarge(limit: 2 << 20)? = failures.first else {
            Issue.record("got \(failures.first.map { "\($0)" } ?? "no failure")")
            return
        }
    }

    @Test("A reader that lets go stops the request once and drops the backlog")
    func readerLeaves() {
        let stopped = Drained()
        let queue = ChunkQueue(limit: 64 << 20) { _ = stopped.add(Data([1])) }
        for chunk in Self.chunks(100) {
            _ = queue.append(chunk)
        }
        queue.readerLeft()
        queue.readerLeft()
        #expect(stopped.bytes.count == 1)
        #expect(queue.append(Data(count: 10)) == nil)
    }
}

/// What a drain's sink was handed.
private final class Drained: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    var bytes: Data { lock.withLock { data } }

    func add(_ chunk: Data) -> Bool {
        lock.withLock { data.append(chunk) }
        return true
    }
}
