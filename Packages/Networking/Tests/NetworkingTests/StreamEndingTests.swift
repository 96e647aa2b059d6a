import Foundation
import Networking
import Synchronization
import Testing

/// A stream ends in exactly one way its reader and the observers can see:
/// the server's end, a failure, a cancelled reader, or a reader that let go.
@Suite("Streams that never end quietly", .timeLimit(.minutes(10)))
struct StreamEndingTests {
    /// A client of `server` whose observers' final stream records are kept.
    private static func observedClient(_ server: LoopbackServer) -> (NetworkClient, KeptRecords) {
        let records = KeptRecords { event in
            switch event {
            case .streamEnded, .streamFailed, .streamStopped: true
            default: false
            }
        }
        var client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        client.observers = [records.observer]
        return (client, records)
    }

    /// The one final record of a reader that ended with `cancelled`, when
    /// it is `streamFailed(.cancelled)`; records an issue and gives `nil`
    /// otherwise.
    private static func endedCancelled<Value>(
        _ result: Result<Value, any Error>, _ records: KeptRecords
    ) -> NetworkLogRecord? {
        guard case .failure(NetworkError.cancelled) = result else {
            Issue.record("expected cancelled, got \(result)")
            return nil
        }
        let final = records.all
        guard final.count == 1, let record = final.first, case .streamFailed(.cancelled) = record.event else {
            Issue.record("expected one streamFailed(cancelled), got \(final.map(\.event))")
            return nil
        }
        return record
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
            for try await chunk in try await client.stream(NetworkRequest<Data>.get("events.json")).body {
                received += chunk.count
                signal.yield()
            }
            return received
        }
        // The server holds the body open after its one chunk: the reader
        // is waiting for the next when it is cancelled.
        for await _ in firstChunk { break }
        reading.cancel()
        let final = try #require(Self.endedCancelled(await reading.result, records))
        #expect(final.bytesReceived == 9)
        #expect(final.isSuccess == false)
    }

    @Test("A reader cancelled between two chunks ends with cancelled and one streamFailed(cancelled)")
    func cancelledBetweenChunks() async throws {
        let server = try LoopbackServer { _ in
            .chunks([(0, Data("data: 1\n\n".utf8)), (0, Data("data: 2\n\n".utf8))], holdOpen: 3600)
        }
        defer { server.stop() }
        let (client, records) = Self.observedClient(server)
        let reading = Task {
            var chunks = 0
            for try await _ in try await client.stream(NetworkRequest<Data>.get("events.json")).body {
                chunks += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return chunks
        }
        #expect(Self.endedCancelled(await reading.result, records) != nil)
    }

    @Test("Many readers cancelled at random moments each end with cancelled or the whole body, one record each")
    func manyCancellations() async throws {
        let body = Data(repeating: 7, count: 256 << 10)
        let server = try LoopbackServer { _ in
            .chunks(stride(from: 0, to: body.count, by: 16 << 10).map { (0.001, body[$0..<$0 + (16 << 10)]) })
        }
        defer { server.stop() }
        let (client, records) = Self.observedClient(server)
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<24 {
                let reader = Task {
                    var received = 0
                    for try await chunk in try await client.stream(NetworkRequest<Data>.get("big-\(index)")).body {
                        received += chunk.count
                    }
                    return received
                }
                group.addTask {
                    await Task.yield()
                    for _ in 0..<(index % 6) { await Task.yield() }
                    reader.cancel()
                    switch await reader.result {
                    case .success(let received): return received == body.count ? "whole" : "short \(received)"
                    case .failure(NetworkError.cancelled): return "cancelled"
                    case .failure(let error): return "failed \(error)"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == "whole" || $0 == "cancelled" }, "\(outcomes)")
        // Readers cancelled before the head arrived have no stream record;
        // every stream that opened has exactly one.
        while records.all.count < outcomes.filter({ $0 == "whole" }).count {
            try await Task.sleep(for: .milliseconds(10))
        }
        for record in records.all {
            switch record.event {
            case .streamEnded: #expect(record.bytesReceived == body.count)
            case .streamFailed(.cancelled): break
            default: Issue.record("unexpected final record \(record)")
            }
        }
        let urls = records.all.map(\.url)
        #expect(Set(urls).count == urls.count, "one final record per stream")
    }

    @Test("A reader that breaks out of its loop gives one streamStopped, not a success")
    func stoppedReader() async throws {
        let server = try Self.holdingServer()
        defer { server.stop() }
        let (client, records) = Self.observedClient(server)
        let first = try await {
            for try await chunk in try await client.stream(NetworkRequest<Data>.get("events.json")).body {
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
        for try await chunk in try await client.stream(NetworkRequest<Data>.get("events.json")).body {
            received += chunk.count
        }
        #expect(received == 18)
        await #expect(throws: NetworkError.self) {
            for try await _ in try await client.stream(NetworkRequest<Data>.get("short.json")).body {}
        }
        let final = records.all.map(\.event)
        #expect(final.count == 2)
        guard case .streamEnded? = final.first, case .streamFailed? = final.last else {
            Issue.record("expected streamEnded then streamFailed, got \(final)")
            return
        }
    }
}
