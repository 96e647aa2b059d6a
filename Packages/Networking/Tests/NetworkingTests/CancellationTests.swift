import Foundation
import Networking
import Testing

@Suite("Cancellation under races")
struct CancellationTests {
    /// FoundationNetworking can deadlock when a data task is cancelled from
    /// inside Swift's cancellation handler while its response is being
    /// handled (swift-corelibs-foundation#5412); `URLSessionTransport`
    /// cancels from another queue. Cancelling at every moment of a request's
    /// life, many times over, must always end, with `cancelled` or a value.
    @Test("Cancelling at any moment always ends the request", .timeLimit(.minutes(10)))
    func racingCancellation() async throws {
        let server = try Self.slowServer()
        defer { server.stop() }
        let client = makeClient(URLSessionTransport.shared, baseURL: server.baseURL.absoluteString, maxAttempts: 1)
        var outcomes: [String: Int] = [:]
        for round in 0..<60 {
            let task = Task { try await client.send(NetworkRequest<[Int]>.get("slow").query("ms", "\(round % 6)")) }
            try await Task.sleep(for: .microseconds(500 * (round % 9)))
            task.cancel()
            switch await task.result {
            case .success: outcomes["value", default: 0] += 1
            case .failure(NetworkError.cancelled): outcomes["cancelled", default: 0] += 1
            case .failure(let error): Issue.record("round \(round): \(error)")
            }
        }
        #expect(outcomes.values.reduce(0, +) == 60)
        #expect(outcomes["cancelled", default: 0] > 0)
    }

    /// On Linux the session delegate's callbacks run on the session's own
    /// queue (`InlineDelegateQueue`), so a cancellation arriving while that
    /// queue completes other requests must neither wait for it nor be lost:
    /// many requests and streams in flight at once, a third of them
    /// cancelled at every moment of their life, must all end.
    @Test(
        "Cancelling many requests and streams at once, while others complete, ends every one", .timeLimit(.minutes(10)))
    func concurrentCancellation() async throws {
        let server = try Self.slowServer()
        defer { server.stop() }
        let client = makeClient(URLSessionTransport.shared, baseURL: server.baseURL.absoluteString, maxAttempts: 1)
        let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<240 {
                group.addTask {
                    let request = NetworkRequest<[Int]>.get("slow").query("ms", "\(index % 7 * 2)")
                    let task = Task { () async throws -> Int in
                        if index.isMultiple(of: 2) {
                            return try await client.send(request).count
                        }
                        var received = 0
                        for try await chunk in try await client.stream(request).body {
                            received += chunk.count
                        }
                        return received
                    }
                    if index % 3 == 0 {
                        try await Task.sleep(for: .microseconds(300 * (index % 11)))
                        task.cancel()
                    }
                    // A stream cancelled mid-body throws cancelled, as a request does.
                    switch await task.result {
                    case .success: return "value"
                    case .failure(NetworkError.cancelled): return "cancelled"
                    case .failure(let error): return "round \(index): \(error)"
                    }
                }
            }
            var outcomes: [String] = []
            for try await outcome in group {
                outcomes.append(outcome)
            }
            return outcomes
        }
        #expect(outcomes.count == 240)
        #expect(outcomes.filter { $0 != "value" && $0 != "cancelled" } == [])
        #expect(outcomes.contains("cancelled"))
        #expect(outcomes.filter { $0 == "value" }.count >= 160)
    }

    /// A server answering `[1]` after the milliseconds its query's last
    /// value says.
    private static func slowServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            let pause = Double(Int(request.target.split(separator: "=").last ?? "0") ?? 0) / 1000
            return .delayed(pause, status: 200, body: Data("[1]".utf8))
        }
    }

    /// A data task cancelled before it was resumed may never report its
    /// cancellation on Linux; the transport ends the request itself, so the
    /// caller gets `cancelled` instead of the server's late answer.
    @Test("A request cancelled before the transport starts it is cancelled, not answered", .timeLimit(.minutes(10)))
    func cancelledBeforeStart() async throws {
        let server = try LoopbackServer { _ in .delayed(2, status: 200, body: Data("[]".utf8)) }
        defer { server.stop() }
        let request = TransportRequest(method: .get, url: server.baseURL.appendingPathComponent("slow"))
        for streaming in [false, true] {
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                if streaming {
                    _ = try await URLSessionTransport.shared.stream(request)
                } else {
                    _ = try await URLSessionTransport.shared.send(request)
                }
            }
            let result = await task.result
            guard case .failure(let error as URLError) = result, error.code == .cancelled else {
                Issue.record("streaming \(streaming): got \(result)")
                continue
            }
        }
    }

    @Test("Cancelling a stream mid-body ends it and frees the connection", .timeLimit(.minutes(10)))
    func racingStreamCancellation() async throws {
        let server = try LoopbackServer { _ in
            .chunks([(0, Data("data: 1\n\n".utf8)), (0.05, Data("data: 2\n\n".utf8))], holdOpen: 5)
        }
        defer { server.stop() }
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        for round in 0..<20 {
            let task = Task {
                let response = try await client.stream(NetworkRequest<Data>.get("events.json"))
                var count = 0
                for try await _ in response.events {
                    count += 1
                }
                return count
            }
            try await Task.sleep(for: .milliseconds(2 * (round % 10)))
            task.cancel()
            _ = await task.result
        }
        // Each connection that reached the server was closed by the client,
        // not left for the server's five seconds to end.
        await Task.detached { server.waitUntilIdle() }.value
        #expect(server.clientClosures == server.received.count)
        #expect(server.received.count > 0)
    }
}
