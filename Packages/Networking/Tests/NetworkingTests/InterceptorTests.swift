import Foundation
import Networking
import Synchronization
import Testing

@Suite("Interceptors")
struct InterceptorTests {
    /// Adds a header naming itself, and records the order it ran in.
    struct Tagging: HTTPInterceptor {
        let name: String
        let trail: Trail

        func intercept(
            _ request: HTTPRequest, attempt: Int,
            next: @Sendable (HTTPRequest) async throws(NetworkError) -> HTTPResponse
        ) async throws(NetworkError) -> HTTPResponse {
            trail.append("\(name) before \(attempt)")
            var request = request
            request.headers["X-Tags"] = [request.headers["X-Tags"], name].compactMap { $0 }.joined(separator: ",")
            do {
                let response = try await next(request)
                trail.append("\(name) after")
                return response
            } catch {
                trail.append("\(name) caught \(error.failure?.status ?? 0)")
                throw error
            }
        }
    }

    final class Trail: Sendable {
        private let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test("Interceptors run in order around each attempt, and the retry policy judges what comes out")
    func order() async throws {
        let transport = ScriptedTransport([{ _ in HTTPResponse(status: 503) }, { _ in .json("[1]") }])
        let trail = Trail()
        var client = makeClient(transport)
        client.interceptors = [Tagging(name: "outer", trail: trail), Tagging(name: "inner", trail: trail)]
        let value = try await client.send(Request<[Int]>.get("x"))
        #expect(value == [1])
        #expect(transport.requests.map { $0.headers["X-Tags"] } == ["outer,inner", "outer,inner"])
        #expect(
            trail.all == [
                "outer before 1", "inner before 1", "inner caught 503", "outer caught 503",
                "outer before 2", "inner before 2", "inner after", "outer after",
            ])
    }

    /// Answers from a cache without touching the transport.
    struct Canned: HTTPInterceptor {
        func intercept(
            _ request: HTTPRequest, attempt: Int,
            next: @Sendable (HTTPRequest) async throws(NetworkError) -> HTTPResponse
        ) async throws(NetworkError) -> HTTPResponse {
            .json("[42]")
        }
    }

    @Test("An interceptor can answer on its own")
    func answers() async throws {
        let transport = ScriptedTransport(always: .json("[1]"))
        var client = makeClient(transport)
        client.interceptors = [Canned()]
        #expect(try await client.send(Request<[Int]>.get("x")) == [42])
        #expect(transport.requests.isEmpty)
    }

    @Test("Metrics report each attempt's time, bytes and outcome, with secrets redacted")
    func metrics() async throws {
        let transport = ScriptedTransport([
            { _ in .json(#"{"error":"busy"}"#, status: 503) }, { _ in .json("[1,2,3]") },
        ])
        let reported = Mutex<[RequestMetrics]>([])
        var client = makeClient(transport)
        client.interceptors = [MetricsInterceptor { metrics in reported.withLock { $0.append(metrics) } }]
        _ = try await client.send(Request<[Int]>.put("items", body: [7]).query("api_key", "s3cret"))
        let metrics = reported.withLock { $0 }
        #expect(metrics.map(\.attempt) == [1, 2])
        #expect(metrics.map(\.status) == [503, 200])
        #expect(metrics.map(\.bytesReceived) == [16, 7])
        #expect(metrics.map(\.bytesSent) == [3, 3])
        #expect(metrics.first?.error != nil && metrics.last?.error == nil)
        #expect(metrics.allSatisfy { $0.method == .put && !$0.url.contains("s3cret") && $0.duration >= .zero })
    }

    /// A server that accepts one token: `Bearer fresh-<n>` after the n-th
    /// refresh, counting the requests it refused.
    final class TokenServer: HTTPTransport, Sendable {
        let accepted = Mutex<String>("Bearer fresh-1")
        let refusals = Mutex(0)

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            // Let the concurrent requests all arrive with the old token.
            try await Task.sleep(for: .milliseconds(20))
            guard request.headers["Authorization"] == accepted.withLock({ $0 }) else {
                refusals.withLock { $0 += 1 }
                return HTTPResponse(status: 401, headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])
            }
            return .json("[1]")
        }
    }

    @Test("A 401 triggers one refresh that concurrent requests wait for, then each is sent again once")
    func tokenRefresh() async throws {
        let server = TokenServer()
        let refreshes = Mutex(0)
        let tokens = AccessTokenStore(token: "stale") { () async throws(NetworkError) -> String in
            let count = refreshes.withLock { count in
                count += 1
                return count
            }
            try? await Task.sleep(for: .milliseconds(50))
            return "fresh-\(count)"
        }
        var signing = makeClient(server, maxAttempts: 1)
        signing.interceptors = [BearerTokenInterceptor(tokens: tokens)]
        let client = signing
        let results = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask { try await client.send(Request<[Int]>.get("x")) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: [1], count: 8))
        #expect(refreshes.withLock { $0 } == 1)
        #expect(await tokens.refreshCount == 1)
        #expect(server.refusals.withLock { $0 } == 8)
        #expect(!String(describing: tokens).contains("fresh"))
    }

    @Test("A token refused again after its refresh is the caller's unauthenticated, not a loop")
    func refusedTwice() async throws {
        let transport = ScriptedTransport(always: HTTPResponse(status: 401))
        let tokens = AccessTokenStore(token: "t0") { () async throws(NetworkError) -> String in "t1" }
        var client = makeClient(transport, maxAttempts: 1)
        client.interceptors = [BearerTokenInterceptor(tokens: tokens)]
        await #expect {
            try await client.send(Request<[Int]>.get("x"))
        } throws: { error in
            guard case NetworkError.unauthenticated = error else { return false }
            return true
        }
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer t0", "Bearer t1"])
    }

    @Test("A failed refresh fails the request with its error, and the next request refreshes again")
    func failedRefresh() async throws {
        let transport = ScriptedTransport(always: HTTPResponse(status: 401))
        let attempts = Mutex(0)
        let tokens = AccessTokenStore { () async throws(NetworkError) -> String in
            attempts.withLock { $0 += 1 }
            throw .timedOut
        }
        var client = makeClient(transport, maxAttempts: 1)
        client.interceptors = [BearerTokenInterceptor(tokens: tokens)]
        for _ in 0..<2 {
            await #expect {
                try await client.send(Request<[Int]>.get("x"))
            } throws: { error in
                guard case NetworkError.timedOut = error else { return false }
                return true
            }
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(transport.requests.isEmpty)
    }
}
