import Foundation
import Testing

@testable import SandboxCore

@Suite("Streamed bodies: queued for the reader, ended once however they end", .timeLimit(.minutes(10)))
struct SandboxStreamTests {
    /// Counts how often a stream's `onTermination` ran and lets a test wait
    /// for it.
    final class Terminations: Sendable {
        private let (ended, signal) = AsyncStream<Void>.makeStream()
        private let count = Counter()

        func handler() -> @Sendable () -> Void {
            { [count, signal] in
                count.add(1)
                signal.yield()
            }
        }

        /// Returns once `onTermination` has run; the suite's limit catches
        /// one that never runs.
        func wait() async {
            for await _ in ended { return }
        }

        var times: Int { count.value }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var total = 0
        func add(_ amount: Int) { lock.withLock { total += amount } }
        var value: Int { lock.withLock { total } }
    }

    private static func chunk(_ text: String) -> Data { Data(text.utf8) }

    @Test("Chunks come out in order, then the end, and onTermination runs once at finish")
    func orderThenEnd() async {
        let (stream, input) = SandboxStream.makeStream()
        let terminations = Terminations()
        input.onTermination = terminations.handler()
        #expect(input.yield(Self.chunk("a")) == .enqueued)
        #expect(input.yield(Self.chunk("b")) == .enqueued)
        input.finish()
        #expect(input.yield(Self.chunk("c")) == .terminated)
        var received: [String] = []
        for await chunk in stream { received.append(String(decoding: chunk, as: UTF8.self)) }
        #expect(received == ["a", "b"])
        #expect(terminations.times == 1)
        stream.terminate()
        #expect(terminations.times == 1)
    }

    @Test("A waiting reader is woken by the next chunk")
    func wakesWaitingReader() async {
        let (stream, input) = SandboxStream.makeStream()
        let reader = Task { await stream.nextBatch(upTo: 1 << 10) }
        // Whether the reader is already waiting or not, it gets the chunk.
        input.yield(Self.chunk("late"))
        #expect(await reader.value == [Self.chunk("late")])
    }

    @Test("A batch takes what is queued up to its limit, at least one chunk")
    func batches() async {
        let (stream, input) = SandboxStream.makeStream()
        for index in 0..<10 { input.yield(Data(repeating: UInt8(index), count: 100)) }
        #expect(await stream.nextBatch(upTo: 250).count == 3)
        #expect(await stream.nextBatch(upTo: 0).count == 1)
        #expect(await stream.nextBatch(upTo: 10_000).count == 6)
    }

    @Test("Past its backlog a yield is dropped, and nothing is queued")
    func backlog() async {
        let (stream, input) = SandboxStream.makeStream(backlog: 2)
        #expect(input.yield(Self.chunk("1")) == .enqueued)
        #expect(input.yield(Self.chunk("2")) == .enqueued)
        #expect(input.yield(Self.chunk("3")) == .dropped)
        #expect(await stream.nextBatch(upTo: 1 << 10).count == 2)
        #expect(input.yield(Self.chunk("4")) == .enqueued)
    }

    @Test("Cancelling drops the queue for the notice, ends the stream and runs onTermination")
    func cancelWithNotice() async {
        let (stream, input) = SandboxStream.makeStream()
        let terminations = Terminations()
        input.onTermination = terminations.handler()
        input.yield(Self.chunk("never read"))
        stream.cancel(notice: Self.chunk("cancel"))
        #expect(stream.wasCancelled)
        #expect(input.yield(Self.chunk("after")) == .terminated)
        #expect(await stream.nextBatch(upTo: 1 << 10) == [Self.chunk("cancel")])
        #expect(await stream.nextBatch(upTo: 1 << 10).isEmpty)
        #expect(terminations.times == 1)
    }

    @Test("Cancelling the reading task ends the stream for the emulator")
    func readerCancelled() async {
        let (stream, input) = SandboxStream.makeStream()
        let terminations = Terminations()
        input.onTermination = terminations.handler()
        let reader = Task {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        input.yield(Self.chunk("one"))
        reader.cancel()
        await terminations.wait()
        #expect(input.yield(Self.chunk("two")) == .terminated)
        #expect(await reader.value <= 1)
    }

    @Test("Releasing the reader's side ends the stream, as with AsyncStream")
    func readerReleased() async {
        let terminations = Terminations()
        var input: SandboxStream.Continuation?
        do {
            let (stream, continuation) = SandboxStream.makeStream()
            continuation.onTermination = terminations.handler()
            input = continuation
            var iterator = stream.makeAsyncIterator()
            continuation.yield(Self.chunk("x"))
            #expect(await iterator.next() == Self.chunk("x"))
        }
        await terminations.wait()
        #expect(input?.yield(Self.chunk("y")) == .terminated)
    }

    @Test("A handler set after the end runs at once")
    func lateHandler() {
        let (stream, input) = SandboxStream.makeStream()
        stream.terminate()
        let terminations = Terminations()
        input.onTermination = terminations.handler()
        #expect(terminations.times == 1)
    }

    @Test("The observer is told every byte queued, none twice and none missed")
    func observerAccounting() async {
        let (stream, input) = SandboxStream.makeStream()
        input.yield(Data(count: 10))
        input.yield(Data(count: 20))
        _ = await stream.nextBatch(upTo: 0)
        let observed = Counter()
        observed.add(stream.observeQueued { observed.add($0) })
        #expect(observed.value == 20)
        input.yield(Data(count: 5))
        #expect(observed.value == 25)
    }
}
