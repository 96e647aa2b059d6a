import Foundation
import Networking
import Synchronization
import Testing

/// A stream ends in exactly one way its reader and the observers can see:
/// the server's end, a failure, a cancelled reader, or a reader that let go.
@Suite("Streams that never end quietly", .timeLimit(.minutes(1)))
struct StreamEndingTests {
    /// The final records of a client's streams.
    private final class FinalRecords: Sendable {
        private let records = Mutex<[NetworkLogRecord]>([])

        var all: [NetworkLogRecord] { records.withLock { $0 } }

        func keep(_ record: NetworkLogRecord) {
            switch record.event {
            case .streamEnded, .streamFailed, .streamStopped: records.withLock { $0.append(record) }
            default: break
            }
        }
    }

    /// A client of `server` whose observers' final stream records are kept.
    private static func observedClient(_ server: LoopbackServer) -> (HTTPClient, FinalRecords) {
        let records = FinalRecords()
        var client = HTTPClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        client.observers = [NetworkObserver { records.keep($0) }]
        return (client, records)
    }

    /// A server that sends one chunk and holds the body open until it stops.
    private static func holdingServer() throws -> LoopbackServer {
        try LoopbackServer { _ in .chunks([(0, Data("data: 1\n\n".utf8))], holdOpen: 3600) }
    }

    @Test("Cancelling the task that reads a stream ends it with cancelled, and one streamFailed(cancelled)")
    func cancelledReader() async throws {
        let server = try Self.holdingServer()
        defer { server.stop() }
        let (client, records) = Self.observedClient(server)
        let (firstChunk, signal) = AsyncStream<Void>.makeStream()
        let reading = Task {
            var received = 0
            for try await chunk in try await client.stream(Request<Data>.get("events.json")).body {
                received += chunk.count
                signal.yield()
            }
            return received
        }
        // The server holds the body open after its one chunk: the reader
        // is waiting for the next when it is cancelled.
        for await _ in firstChunk { break }
        reading.cancel()
        let result = await reading.result
        guard case .failure(NetworkError.cancelled) = result else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        let final = records.all
        #expect(final.count == 1)
        guard case .streamFailed(.cancelled)? = final.first?.event else {
            Issue.record("expected one streamFailed(cancelled), got \(final.map(\.event))")
            return
        }
        #expect(final.first?.bytesReceived == 9)
        #expect(final.first?.isSuccess == false)
    }

    /// `AsyncThrowingStream`, the body's type, ends a loop whose task is
    /// already cancelled before the SDK is asked for the next chunk, so
    /// such a loop ends without an error; the observers still see that the
    /// body was not complete.
    @Test("A reader cancelled between two chunks: the observers see streamStopped, never a complete body")
    func cancelledBetweenChunks() async throws {
        let server = try Self.holdingServer()
        defer { server.stop() }
        let (client, records) = Self.observedClient(server)
        let reading = Task {
            for try await _ in try await client.stream(Request<Data>.get("events.json")).body {
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        _ = await reading.result
        while records.all.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        let final = records.all
        #expect(final.count == 1)
        #expect(final.first?.isSuccess == false)
        if case .streamEnded? = final.first?.event {
            Issue.record("a cancelled read was recorded as a complete body")
        }
    }

    @Test("A reader that breaks out of its loop gives one streamStopped, not a success")
    func stoppedReader() async throws {
        let server = try Self.holdingServer()
        defer { server.stop() }
        let (client, records) = Self.observedClient(server)
        let first = try await {
            for try await chunk in try await client.stream(Request<Data>.get("events.json")).body {
                return chunk
            }
            return Data()
        }()
        #expect(first == Data("data: 1\n\n".utf8))
        // The body is let go with the loop; its record follows.
        while records.all.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        let final = records.all
        #expect(final.count == 1)
        guard case .streamStopped? = final.first?.event else {
            Issue.record("expected one streamStopped, got \(final.map(\.event))")
            return
        }
        #expect(final.first?.isSuccess == false)
        #expect(final.first?.description.contains("stopped by its reader") == true)
    }

    @Test("A body the server ends gives one streamEnded; one cut short of its length, one streamFailed")
    func serverEnds() async throws {
        let server = try LoopbackServer { request in
            request.target.contains("short")
                ? .truncated(declared: 100, body: Data("only part".utf8))
                : .chunks([(0, Data("data: 1\n\n".utf8)), (0, Data("data: 2\n\n".utf8))])
        }
        defer { server.stop() }
        let (client, records) = Self.observedClient(server)
        var received = 0
        for try await chunk in try await client.stream(Request<Data>.get("events.json")).body {
            received += chunk.count
        }
        #expect(received == 18)
        await #expect(throws: NetworkError.self) {
            for try await _ in try await client.stream(Request<Data>.get("short.json")).body {}
        }
        let final = records.all.map(\.event)
        #expect(final.count == 2)
        guard case .streamEnded? = final.first, case .streamFailed? = final.last else {
            Issue.record("expected streamEnded then streamFailed, got \(final)")
            return
        }
    }
}
