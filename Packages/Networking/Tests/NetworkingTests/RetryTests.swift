import Foundation
import Networking
import Testing

@Suite("Retries")
struct RetryTests {
    static let unavailable = TransportResponse(status: 503, headers: ["Retry-After": "1"], body: Data())

    @Test("A GET is retried after Retry-After: 1 and succeeds")
    func retryAfterSeconds() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport([{ _ in Self.unavailable }, { _ in .json("[1]") }])
        let value = try await makeClient(transport, clock: clock).send(NetworkRequest<[Int]>.get("x"))
        #expect(value == [1])
        #expect(transport.requests.count == 2)
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test("Each retry wait is logged before it starts: the failure, the wait, the attempt")
    func retryWaitsAreLogged() async throws {
        let clock = TestClock()
        let records = Records()
        let transport = ScriptedTransport([
            { _ in TransportResponse(status: 429, headers: ["Retry-After": "30"]) }, { _ in .json("[1]") },
        ])
        var client = makeClient(transport, clock: clock, deadline: nil)
        client.observers.append(
            NetworkObserver { record in
                // Logged before the sleep: the clock has not slept yet.
                if case .retrying = record.event { #expect(clock.sleeps.isEmpty) }
                records.append(record)
            })
        _ = try await client.send(NetworkRequest<[Int]>.get("x"))
        let events = records.all.map(\.event)
        guard events.count == 5, case .retrying(let error, let delay) = events[2] else {
            Issue.record("expected request, failure, retrying, request, response: \(records.all)")
            return
        }
        #expect(delay == .seconds(30))
        #expect("\(error)".contains("429"))
        #expect(records.all[2].attempt == 1)
        #expect(records.all[2].description.hasPrefix("⟳ GET https://api.example.test/x: attempt 1 failed ("))
        #expect(records.all[2].description.hasSuffix("retrying in 30.0 s"))
    }

    @Test("Retry-After as an HTTP date waits until that date")
    func retryAfterDate() async throws {
        let clock = TestClock()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: clock.now.addingTimeInterval(7))
        let transport = ScriptedTransport([
            { _ in TransportResponse(status: 429, headers: ["Retry-After": date]) }, { _ in .json("1") },
        ])
        _ = try await makeClient(transport, clock: clock).send(NetworkRequest<Int>.get("x"))
        #expect(clock.sleeps == [.seconds(7)])
    }

    @Test("Without Retry-After the backoff doubles, with full jitter drawn from [0, cap]")
    func backoff() async throws {
        let clock = TestClock()
        let ranges = Ranges()
        let transport = ScriptedTransport([
            { _ in TransportResponse(status: 502) }, { _ in TransportResponse(status: 504) }, { _ in .json("1") },
        ])
        var client = makeClient(transport, clock: clock)
        client.retryPolicy.random = { range in
            ranges.append(range)
            return range.upperBound / 2
        }
        _ = try await client.send(NetworkRequest<Int>.get("x"))
        #expect(ranges.all == [0...0.5, 0...1.0])
        #expect(clock.sleeps == [.milliseconds(250), .milliseconds(500)])
    }

    @Test("A POST is never retried")
    func postNotRetried() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport([{ _ in Self.unavailable }, { _ in .json("1") }])
        await #expect(throws: NetworkError.self) {
            try await makeClient(transport, clock: clock).send(NetworkRequest<Int>.post("x", body: 1))
        }
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("A POST marked idempotent is retried")
    func idempotentPost() async throws {
        let transport = ScriptedTransport([{ _ in Self.unavailable }, { _ in .json("1") }])
        _ = try await makeClient(transport).send(NetworkRequest<Int>.post("listRecords", body: 1).idempotent())
        #expect(transport.requests.count == 2)
    }

    @Test("It gives up after maxAttempts and throws the last failure")
    func givesUp() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport(always: TransportResponse(status: 500))
        await #expect {
            try await makeClient(transport, clock: clock, maxAttempts: 4).send(NetworkRequest<Int>.get("x"))
        } throws: { error in
            (error as? NetworkError)?.status == 500
        }
        #expect(transport.requests.count == 4)
        #expect(clock.sleeps.count == 3)
    }

    @Test("The deadline stops retries whose wait would pass it")
    func deadline() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport(always: TransportResponse(status: 503, headers: ["Retry-After": "4"]))
        await #expect(throws: NetworkError.self) {
            try await makeClient(transport, clock: clock, maxAttempts: 10, deadline: .seconds(10)).send(
                NetworkRequest<Int>.get("x"))
        }
        // Waits at 0 s and 4 s fit in 10 s; a third would end at 12 s.
        #expect(clock.sleeps == [.seconds(4), .seconds(4)])
        #expect(transport.requests.count == 3)
    }

    @Test("Only retryable failures are retried")
    func retryableFailures() {
        let policy = RetryPolicy()
        let failure = { (status: Int) in HTTPFailure(status: status, method: .get, url: "u") }
        for status in [408, 429, 500, 502, 503, 504] {
            #expect(policy.isRetryable(NetworkError(failure: failure(status))), "\(status)")
        }
        for status in [400, 401, 403, 404, 409, 412, 422, 501] {
            #expect(!policy.isRetryable(NetworkError(failure: failure(status))), "\(status)")
        }
        #expect(policy.isRetryable(.connectionLost))
        #expect(policy.isRetryable(.timedOut))
        #expect(!policy.isRetryable(.cancelled))
        #expect(
            !policy.isRetryable(
                .decodingFailed(DecodingFailure(typeName: "T", codingPath: "", reason: "r", bodyExcerpt: ""))))
    }

    @Test("A connection lost mid-request is retried for a GET over real HTTP")
    func realRetry() async throws {
        let count = Counter()
        let server = try LoopbackServer { _ in
            count.increment() == 1 ? .drop : .respond(status: 200, body: Data("[7]".utf8))
        }
        defer { server.stop() }
        let client = makeClient(URLSessionTransport.shared, baseURL: server.baseURL.absoluteString)
        #expect(try await client.send(NetworkRequest<[Int]>.get("x")) == [7])
        #expect(server.received.count == 2)
    }

    @Test("Cancelling during a backoff wait ends with cancelled")
    func cancelDuringWait() async throws {
        let transport = ScriptedTransport(always: Self.unavailable)
        var client = makeClient(transport)
        client.retryPolicy.clock = .system
        let task = Task { try await client.send(NetworkRequest<Int>.get("x")) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        guard case .failure(NetworkError.cancelled) = await task.result else {
            Issue.record("expected cancelled")
            return
        }
    }
}

final class Ranges: @unchecked Sendable {
    private let lock = NSLock()
    private var ranges: [ClosedRange<Double>] = []
    func append(_ range: ClosedRange<Double>) { lock.withLock { ranges.append(range) } }
    var all: [ClosedRange<Double>] { lock.withLock { ranges } }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
