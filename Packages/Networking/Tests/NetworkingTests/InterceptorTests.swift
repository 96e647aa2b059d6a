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

        func intercept<Response: InterceptedResponse>(
            _ request: TransportRequest, attempt: Int,
            next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
        ) async throws(NetworkError) -> Response {
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
        let transport = ScriptedTransport([{ _ in TransportResponse(status: 503) }, { _ in .json("[1]") }])
        let trail = Trail()
        var client = makeClient(transport)
        client.interceptors = [Tagging(name: "outer", trail: trail), Tagging(name: "inner", trail: trail)]
        let value = try await client.send(NetworkRequest<[Int]>.get("x"))
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
        func intercept<Response: InterceptedResponse>(
            _ request: TransportRequest, attempt: Int,
            next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
        ) async throws(NetworkError) -> Response {
            Response(.json("[42]"))
        }
    }

    @Test("An interceptor can answer on its own")
    func answers() async throws {
        let transport = ScriptedTransport(always: .json("[1]"))
        var client = makeClient(transport)
        client.interceptors = [Canned()]
        #expect(try await client.send(NetworkRequest<[Int]>.get("x")) == [42])
        #expect(transport.requests.isEmpty)
    }

    /// Replaces each response's body, as a response rewriter would.
    struct Doubling: HTTPInterceptor {
        func intercept<Response: InterceptedResponse>(
            _ request: TransportRequest, attempt: Int,
            next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
        ) async throws(NetworkError) -> Response {
            let response = try await next(request)
            guard let whole = response as? TransportResponse,
                let values = try? JSONDecoder().decode([Int].self, from: whole.body)
            else { return response }
            let doubled = try? JSONEncoder().encode(values.map { $0 * 2 })
            return Response(TransportResponse(status: whole.status, headers: whole.headers, body: doubled ?? Data()))
        }
    }

    @Test("An interceptor can replace the response the client decodes")
    func replacesResponse() async throws {
        var client = makeClient(ScriptedTransport(always: .json("[1,2]")))
        client.interceptors = [Doubling()]
        #expect(try await client.send(NetworkRequest<[Int]>.get("x")) == [2, 4])
    }

    /// Decides every retry of a status as it is told, recording what it saw.
    struct Deciding: HTTPInterceptor {
        let status: Int
        let decision: RetryDecision
        let seen: Trail

        func retryDecision(for failure: FailedAttempt) async -> RetryDecision {
            seen.append(
                "\(failure.request.method.rawValue) \(failure.error.status ?? 0) \(failure.attempt) \(failure.isIdempotent)"
            )
            return failure.error.status == status ? decision : .useRetryPolicy
        }
    }

    @Test("An interceptor's retry decision comes before the policy: a refused POST is retried after its wait")
    func retryDecisionRetries() async throws {
        let transport = ScriptedTransport([{ _ in TransportResponse(status: 429) }, { _ in .json("1") }])
        let clock = TestClock()
        let seen = Trail()
        var client = makeClient(transport, clock: clock)
        client.interceptors = [Deciding(status: 429, decision: .retry(after: .seconds(30)), seen: seen)]
        #expect(try await client.send(NetworkRequest<Int>.post("records", body: 1)) == 1)
        #expect(transport.requests.count == 2)
        #expect(clock.sleeps == [.seconds(30)])
        #expect(seen.all == ["POST 429 1 false"])
    }

    @Test("An interceptor can refuse a retry the policy would make, and the first to decide wins")
    func retryDecisionRefuses() async throws {
        let transport = ScriptedTransport(always: TransportResponse(status: 503))
        let clock = TestClock()
        let seen = Trail()
        var client = makeClient(transport, clock: clock)
        client.interceptors = [
            Deciding(status: 500, decision: .retry(after: .seconds(1)), seen: seen),
            Deciding(status: 503, decision: .doNotRetry, seen: seen),
            Deciding(status: 503, decision: .retry(after: .seconds(1)), seen: seen),
        ]
        await #expect(throws: NetworkError.self) { try await client.send(NetworkRequest<Int>.get("x")) }
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
        #expect(seen.all == ["GET 503 1 true", "GET 503 1 true"])
    }

    @Test("With no decision from the interceptors, the policy retries as before")
    func retryDecisionFallsThrough() async throws {
        let transport = ScriptedTransport([{ _ in TransportResponse(status: 503) }, { _ in .json("1") }])
        let seen = Trail()
        var client = makeClient(transport)
        client.interceptors = [Deciding(status: 429, decision: .doNotRetry, seen: seen)]
        #expect(try await client.send(NetworkRequest<Int>.get("x")) == 1)
        #expect(seen.all == ["GET 503 1 true"])
    }

    /// Waits inside the chain until cancelled.
    struct Stalling: HTTPInterceptor {
        let seen: Trail

        func intercept<Response: InterceptedResponse>(
            _ request: TransportRequest, attempt: Int,
            next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
        ) async throws(NetworkError) -> Response {
            seen.append("started")
            try? await Task.sleep(for: .seconds(30))
            return try await next(request)
        }

        func retryDecision(for failure: FailedAttempt) async -> RetryDecision {
            seen.append("asked")
            return .retry(after: .zero)
        }
    }

    @Test("Cancelling a request inside an interceptor ends it as cancelled, and no retry is asked for")
    func cancellation() async throws {
        let seen = Trail()
        var client = makeClient(ScriptedTransport(always: .json("1")))
        client.interceptors = [Stalling(seen: seen)]
        let request = client
        let task = Task { try await request.send(NetworkRequest<Int>.get("x")) }
        while seen.all.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        await #expect {
            try await task.value
        } throws: { error in
            guard case NetworkError.cancelled = error else { return false }
            return true
        }
        #expect(seen.all == ["started"])
    }

    @Test("A stream passes through the interceptors: its request is changed and its head is seen")
    func streams() async throws {
        let transport = ScriptedTransport(always: .json("data: 1\n\n"))
        let trail = Trail()
        let reported = Mutex<[NetworkLogRecord]>([])
        var client = makeClient(transport)
        client.interceptors = [
            Tagging(name: "tag", trail: trail),
            MetricsInterceptor { metrics in reported.withLock { $0.append(metrics) } },
        ]
        let response = try await client.stream(NetworkRequest<Void>.get("events"))
        var body = Data()
        for try await chunk in response.body { body.append(chunk) }
        #expect(String(decoding: body, as: UTF8.self) == "data: 1\n\n")
        #expect(transport.requests.map { $0.headers["X-Tags"] } == ["tag"])
        #expect(trail.all == ["tag before 1", "tag after"])
        #expect(reported.withLock { $0.map(\.status) } == [200])
        #expect(reported.withLock { $0.map(\.bytesReceived) } == [nil])
    }

    @Test("A 304 to a conditional GET is a success on the wire; a typed send says 304; an unasked 304 is an error")
    func revalidation() async throws {
        let records = Mutex<[NetworkLogRecord]>([])
        let metrics = Mutex<[NetworkLogRecord]>([])
        var client = makeClient(ScriptedTransport(always: TransportResponse(status: 304, headers: ["ETag": "\"v1\""])))
        client.observers.append(NetworkObserver { record in records.withLock { $0.append(record) } })
        client.interceptors = [MetricsInterceptor { record in metrics.withLock { $0.append(record) } }]
        let conditional = try client.makeTransportRequest(
            NetworkRequest<Data>.get("image").header("If-None-Match", "\"v1\""))
        let answer = try await client.perform(conditional, isIdempotent: true)
        #expect(answer.status == 304)
        #expect(records.withLock { $0.last?.isSuccess } == true)
        #expect(metrics.withLock { $0.map(\.isSuccess) } == [true])
        await #expect {
            _ = try await client.send(NetworkRequest<Data>.get("image").header("If-None-Match", "\"v1\""))
        } throws: { error in
            guard case .httpStatus(let failure) = error as? NetworkError else { return false }
            return failure.status == 304
        }
        // A 304 nobody asked for (no validator sent) stays an error.
        let unasked = try client.makeTransportRequest(NetworkRequest<Data>.get("image"))
        await #expect(throws: NetworkError.self) { _ = try await client.perform(unasked, isIdempotent: true) }
        #expect(records.withLock { $0.last?.isSuccess } == false)
    }

    @Test("Observers see a stream's request, its head, and its end with the bytes it delivered")
    func observedStream() async throws {
        let records = Mutex<[NetworkLogRecord]>([])
        var client = makeClient(ScriptedTransport(always: .json("data: 1\n\n")))
        client.observers.append(NetworkObserver { record in records.withLock { $0.append(record) } })
        let response = try await client.stream(NetworkRequest<Void>.get("events"), attempt: 3)
        var body = Data()
        for try await chunk in response.body { body.append(chunk) }
        #expect(body.count == 9)
        let seen = records.withLock { $0 }
        #expect(seen.map(\.description.first) == ["→", "←", "■"])
        #expect(seen.allSatisfy { $0.attempt == 3 })
        #expect(seen.last?.bytesReceived == 9 && seen.last?.isSuccess == true)
    }

    @Test("Metrics report each attempt's time, bytes and outcome, with secrets redacted")
    func metrics() async throws {
        let transport = ScriptedTransport([
            { _ in .json(#"{"error":"busy"}"#, status: 503) }, { _ in .json("[1,2,3]") },
        ])
        let reported = Mutex<[NetworkLogRecord]>([])
        var client = makeClient(transport)
        client.interceptors = [MetricsInterceptor { metrics in reported.withLock { $0.append(metrics) } }]
        _ = try await client.send(NetworkRequest<[Int]>.put("items", body: [7]).query("api_key", "s3cret"))
        let metrics = reported.withLock { $0 }
        #expect(metrics.map(\.attempt) == [1, 2])
        #expect(metrics.map(\.status) == [503, 200])
        #expect(metrics.map(\.bytesReceived) == [16, 7])
        #expect(metrics.map(\.bytesSent) == [3, 3])
        #expect(metrics.first?.error != nil && metrics.last?.error == nil)
        #expect(
            metrics.allSatisfy { $0.method == .put && !$0.url.contains("s3cret") && ($0.duration ?? .zero) >= .zero })
        #expect(metrics.map(\.isSuccess) == [false, true])
    }

    /// A server that accepts one token: `Bearer fresh-<n>` after the n-th
    /// refresh, counting the requests it refused.
    final class TokenServer: HTTPTransport, Sendable {
        let accepted = Mutex<String>("Bearer fresh-1")
        let refusals = Mutex(0)
        private let concurrent: Int
        private let arrivals = Mutex<(count: Int, held: [CheckedContinuation<Void, Never>])>((0, []))

        /// A server that answers none of the first `concurrent` requests
        /// until all of them have arrived: each was then sent with the old
        /// token, however busy the machine (a pause would only make that
        /// likely).
        init(concurrent: Int) {
            self.concurrent = concurrent
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            await withCheckedContinuation { continuation in
                let released = arrivals.withLock { state in
                    state.count += 1
                    guard state.count >= concurrent else {
                        state.held.append(continuation)
                        return [CheckedContinuation<Void, Never>]()
                    }
                    defer { state.held = [] }
                    return state.held + [continuation]
                }
                for held in released { held.resume() }
            }
            guard request.headers["Authorization"] == accepted.withLock({ $0 }) else {
                refusals.withLock { $0 += 1 }
                return TransportResponse(status: 401, headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])
            }
            return .json("[1]")
        }
    }

    @Test("A 401 triggers one refresh that concurrent requests wait for, then each is sent again once")
    func tokenRefresh() async throws {
        let server = TokenServer(concurrent: 8)
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
                group.addTask { try await client.send(NetworkRequest<[Int]>.get("x")) }
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
        let transport = ScriptedTransport(always: TransportResponse(status: 401))
        let tokens = AccessTokenStore(token: "t0") { () async throws(NetworkError) -> String in "t1" }
        var client = makeClient(transport, maxAttempts: 1)
        client.interceptors = [BearerTokenInterceptor(tokens: tokens)]
        await #expect {
            try await client.send(NetworkRequest<[Int]>.get("x"))
        } throws: { error in
            guard case NetworkError.unauthenticated = error else { return false }
            return true
        }
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer t0", "Bearer t1"])
    }

    @Test("A failed refresh fails the request with its error, and the next request refreshes again")
    func failedRefresh() async throws {
        let transport = ScriptedTransport(always: TransportResponse(status: 401))
        let attempts = Mutex(0)
        let tokens = AccessTokenStore { () async throws(NetworkError) -> String in
            attempts.withLock { $0 += 1 }
            throw .timedOut
        }
        var client = makeClient(transport, maxAttempts: 1)
        client.interceptors = [BearerTokenInterceptor(tokens: tokens)]
        for _ in 0..<2 {
            await #expect {
                try await client.send(NetworkRequest<[Int]>.get("x"))
            } throws: { error in
                guard case NetworkError.timedOut = error else { return false }
                return true
            }
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(transport.requests.isEmpty)
    }

    @Test("A token that expires is replaced within its margin, before a request can be refused for it")
    func expiringToken() async throws {
        let transport = ScriptedTransport(always: TransportResponse(status: 200, body: Data("[]".utf8)))
        let now = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let issued = Mutex(0)
        let clock: @Sendable () -> Date = { now.withLock { $0 } }
        let refresh: AccessTokenStore.ExpiringRefresh = { () async throws(NetworkError) in
            let count = issued.withLock {
                $0 += 1
                return $0
            }
            return ("t\(count)", clock().addingTimeInterval(3600))
        }
        let tokens = AccessTokenStore(
            token: "t0", expiry: Date(timeIntervalSince1970: 1_003_600), refreshMargin: .seconds(300), now: clock,
            refresh: refresh)
        var client = makeClient(transport, maxAttempts: 1)
        client.interceptors = [BearerTokenInterceptor(tokens: tokens)]
        _ = try await client.send(NetworkRequest<[Int]>.get("x"))
        now.withLock { $0 = $0.addingTimeInterval(3299) }  // 301 s before expiry: still fresh
        _ = try await client.send(NetworkRequest<[Int]>.get("x"))
        now.withLock { $0 = $0.addingTimeInterval(2) }  // 299 s before: replaced first
        _ = try await client.send(NetworkRequest<[Int]>.get("x"))
        _ = try await client.send(NetworkRequest<[Int]>.get("x"))
        #expect(
            transport.requests.map { $0.headers["Authorization"] } == [
                "Bearer t0", "Bearer t0", "Bearer t1", "Bearer t1",
            ])
        #expect(await tokens.refreshCount == 1)
        await tokens.replace(token: nil, expiry: nil)
        _ = try await client.send(NetworkRequest<[Int]>.get("x"))
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer t2")
    }
}
