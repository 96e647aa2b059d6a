import Foundation
import HTTPTestServer
import Networking
import Sandbox
import Synchronization
import Testing

/// Streams, downloads and sends cancelled as their chunks arrive, on both
/// transports and in process: a server sends a body in small chunks with
/// little pause between them, and each transfer is cancelled at its own
/// point of the body, from another task, as the next chunk lands.
///
/// A URLSession stream deadlocked here (issue 64): the session's thread
/// resumed the reader under a lock that the reader's cancellation handler
/// took while the runtime held the task's lock. Every transfer must end
/// `cancelled` or whole, none may hang (a bound that only catches a hang),
/// and the transport must serve a fresh request afterwards.
///
/// `CHUNK_STRESS_ROUNDS` (4) makes it longer; a round is 48 transfers, four
/// at a time.
@Suite("Cancelling transfers as chunks arrive", .serialized, .timeLimit(.minutes(10)))
struct ChunkCancellationTests {
    enum Kind: CaseIterable {
        case stream, download, send
    }

    private static let rounds =
        ProcessInfo.processInfo.environment["CHUNK_STRESS_ROUNDS"].flatMap { Int($0) } ?? 4
    private static let perRound = 48
    private static let inFlight = 4
    /// How long one transfer may take before it counts as hung.
    private static let hangBound = Duration.seconds(60)
    private static let chunkCount = 256
    private static let chunkSize = 512
    /// The body, patterned so a misplaced byte shows.
    private static let body = Data((0..<(chunkCount * chunkSize)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })

    @Test(
        "Streams, downloads and sends cancelled as chunks arrive end cancelled or whole",
        arguments: TransportKind.allCases)
    func overHTTP(kind transport: TransportKind) async throws {
        let server = try HTTPTestServer { request, _ in
            guard request.path == "/drip" else { return HTTPTestServer.reply(404, [:]) }
            var steps: [HTTPTestServer.Step] = [
                .send(
                    HTTPTestServer.head(
                        200, ["Content-Type": "application/octet-stream", "Transfer-Encoding": "chunked"]))
            ]
            for start in stride(from: 0, to: Self.body.count, by: Self.chunkSize) {
                steps.append(.send(HTTPTestServer.chunk(Self.body[start..<(start + Self.chunkSize)])))
                steps.append(.pause(0.0001))
            }
            steps.append(.send(Data("0\r\n\r\n".utf8)))
            return steps
        }
        defer { server.stop() }
        let client = NetworkClient(
            baseURL: server.baseURL, transport: transport.make(maxBodySize: 8 << 20), retryPolicy: .never)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chunk-stress-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcomes = try await Self.stress(client: client, path: "drip", expected: Self.body, folder: folder)
        Self.expectCancelledOrWhole(outcomes)
        // The session still serves: a fresh request arrives whole.
        let fresh = await Self.bounded { try await client.send(NetworkRequest<Data>.get("drip")) }
        #expect((try? fresh?.get()) == Self.body)
    }

    @Test("In process: event streams cancelled as a writer's events arrive, and throttled images")
    func inProcess() async throws {
        let sandbox = try await Sandbox()
        let client = NetworkClient(
            baseURL: URL(string: "http://sandbox.test")!, transport: SandboxTransport(sandbox), retryPolicy: .never)
        let writer = Task {
            var index = 0
            while !Task.isCancelled {
                _ = try? await client.send(
                    NetworkRequest<Data>.put("drip/\(index % 64).json", body: index).query("ns", "stress"))
                index += 1
            }
        }
        defer { writer.cancel() }
        let stream = NetworkRequest<Data>.get("drip.json").query("ns", "stress").header("Accept", "text/event-stream")
        // Each stream is cancelled once it has read its share of the
        // writer's events.
        let streamOutcomes = await Self.inTurns(Array(repeating: (), count: Self.rounds * Self.perRound)) { _ in
            await Self.cancelled(at: .bytes(Int.random(in: 1..<4096))) { arrived in
                for try await chunk in try await client.stream(stream).body { arrived(chunk.count) }
            }
        }
        // A stream the emulator ends (a reader too far behind the writer)
        // is complete.
        Self.expectCancelledOrWhole(streamOutcomes)

        try sandbox.faults.inject(Fault(path: "/images/*", count: 10_000, body: .throttle(bytesPerSecond: 400_000)))
        let image = try await client.send(NetworkRequest<Data>.get("images/DeMeo_J17_2595.jpg"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chunk-stress-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcomes = try await Self.stress(
            client: client, path: "images/DeMeo_J17_2595.jpg", expected: image, folder: folder, rounds: 1)
        Self.expectCancelledOrWhole(outcomes)
        writer.cancel()
        let fresh = await Self.bounded {
            try await client.send(NetworkRequest<Data>.get("drip.json").query("ns", "stress"))
        }
        #expect((try? fresh?.get())?.isEmpty == false)
    }

    /// Runs the rounds: every kind, ``inFlight`` at a time, each cancelled
    /// at a random byte of the body (a send at a random moment of its
    /// time); how many times each outcome came.
    private static func stress(
        client: NetworkClient, path: String, expected: Data, folder: URL, rounds: Int = Self.rounds
    ) async throws -> [String: Int] {
        var durations: [Duration] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            #expect(try await client.send(NetworkRequest<Data>.get(path)) == expected)
            durations.append(ContinuousClock.now - start)
        }
        let typical = durations.sorted()[1]
        let kinds = Kind.allCases.flatMap { Array(repeating: $0, count: perRound / Kind.allCases.count) }
        let transfers = (0..<rounds).flatMap { round in kinds.shuffled().enumerated().map { (round, $0, $1) } }
        return await inTurns(transfers) { round, index, kind in
            let destination = folder.appendingPathComponent("\(round)-\(index).bin")
            // A send's moment is spread over a little more than the time
            // an uncancelled one takes, so some complete.
            let cut =
                kind == .send
                ? Cut.moment(typical * Double.random(in: 0...1.2)) : .bytes(Int.random(in: 0..<expected.count))
            return await cancelled(at: cut) { arrived in
                try await transfer(kind, of: path, client: client, expected: expected, to: destination, arrived)
            }
        }
    }

    /// Runs `run` for each item, ``inFlight`` at a time; how many times
    /// each outcome came.
    private static func inTurns<Item: Sendable>(
        _ items: [Item], _ run: @escaping @Sendable (Item) async -> String
    ) async -> [String: Int] {
        await withTaskGroup(of: String.self) { group in
            var outcomes: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                if index >= inFlight, let outcome = await group.next() { outcomes[outcome, default: 0] += 1 }
                group.addTask { await run(item) }
            }
            for await outcome in group { outcomes[outcome, default: 0] += 1 }
            return outcomes
        }
    }

    /// One transfer, reporting the bytes as they arrive (a `send`'s, which
    /// come whole, once at the end); throws when what arrived is not whole.
    private static func transfer(
        _ kind: Kind, of path: String, client: NetworkClient, expected: Data, to destination: URL,
        _ arrived: @escaping @Sendable (Int) -> Void
    ) async throws {
        let request = NetworkRequest<Data>.get(path)
        switch kind {
        case .stream:
            var received = Data()
            for try await chunk in try await client.stream(request).body {
                received.append(chunk)
                arrived(chunk.count)
            }
            guard received == expected else { throw Short(kind, received.count) }
        case .download:
            let options = DownloadOptions(progress: { arrived($0.completed) })
            let download = try await client.download(request, to: destination, options: options)
            let data = try Data(contentsOf: download.url)
            guard data == expected else { throw Short(kind, data.count) }
        case .send:
            let data = try await client.send(request)
            guard data == expected else { throw Short(kind, data.count) }
        }
    }

    /// Where a transfer is cancelled: once this many bytes arrived, or
    /// (for a `send`, which shows no bytes until the end) after a moment.
    private enum Cut {
        case bytes(Int)
        case moment(Duration)
    }

    /// Runs `work` in a task of its own and cancels it from this task at
    /// `cut`; the outcome, or `hung` when it outlives the bound.
    private static func cancelled(
        at cut: Cut, _ work: @escaping @Sendable (_ arrived: @escaping @Sendable (Int) -> Void) async throws -> Void
    ) async -> String {
        let (reached, signal) = AsyncStream<Void>.makeStream()
        let count = Mutex(0)
        let transfer = Task {
            defer { signal.finish() }
            try await work { added in
                let total = count.withLock { total in
                    total += added
                    return total
                }
                if case .bytes(let bytes) = cut, total >= bytes { signal.yield() }
            }
        }
        let timer = Task {
            guard case .moment(let moment) = cut else { return }
            try? await Task.sleep(for: moment)
            signal.yield()
        }
        for await _ in reached { break }
        timer.cancel()
        transfer.cancel()
        switch await bounded({ try await transfer.value }) {
        case nil: return "hung"
        case .success?: return "complete"
        case .failure(NetworkError.cancelled)?: return "cancelled"
        case .failure(let error)?: return "\(error)"
        }
    }

    /// The outcome of `work`, or `nil` when it has not ended within
    /// ``hangBound``: a bound that only catches a hang, which leaves the
    /// hung task behind rather than waiting for it.
    private static func bounded<Value: Sendable>(
        _ work: @escaping @Sendable () async throws -> Value
    ) async -> Result<Value, any Error>? {
        let (outcomes, continuation) = AsyncStream<Result<Value, any Error>?>.makeStream()
        let running = Task {
            do { continuation.yield(.success(try await work())) } catch { continuation.yield(.failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: hangBound)
            continuation.yield(nil)
        }
        defer {
            timer.cancel()
            _ = running
        }
        for await outcome in outcomes { return outcome }
        return nil
    }

    private static func expectCancelledOrWhole(_ outcomes: [String: Int]) {
        #expect(outcomes.keys.filter { $0 != "complete" && $0 != "cancelled" }.sorted() == [], "\(outcomes)")
        #expect(outcomes["cancelled", default: 0] > 0, "\(outcomes)")
    }

    /// A transfer that completed with the wrong bytes.
    private struct Short: Error, CustomStringConvertible {
        let description: String
        init(_ kind: Kind, _ count: Int) { description = "\(kind): \(count) bytes, not the body" }
    }
}
