import AsyncHTTPClientTransport
import Foundation
import Networking
import Synchronization
import Testing

/// The transports the hostile suite runs over; both must behave alike.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case asyncHTTPClient

    var testDescription: String { rawValue }

    /// A transport with small bounds, so limits are reached in a test.
    func make(maxBodySize: Int = 1 << 20, maxStreamBacklog: Int = 1 << 20) -> any StreamingHTTPTransport {
        switch self {
        case .urlSession:
            URLSessionTransport(maxBodySize: maxBodySize, maxStreamBacklog: maxStreamBacklog)
        case .asyncHTTPClient:
            AsyncHTTPClientTransport(defaultTimeout: .seconds(30), maxBodySize: maxBodySize)
        }
    }
}

/// Echo of the hostile server's `/echo`.
struct Echo: Decodable, Equatable {
    var method: String
    var body: String
    var authorization: String
    var cookie: String
}

/// What real servers send and the SDK must survive: each request ends, at
/// once, with a clear `NetworkError` or the right value, over both
/// transports, and nothing waits without bound.
@Suite("Hostile servers, over every transport", .timeLimit(.minutes(10)))
struct HostileServerTests {
    func client(_ server: HostileServer, _ kind: TransportKind, retry: RetryPolicy = .never) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: retry)
    }

    @Test(
        "A 401 with WWW-Authenticate arrives at once as unauthenticated, with the server's message",
        arguments: TransportKind.allCases, ["auth/basic", "auth/bearer"])
    func challenge(kind: TransportKind, path: String) async throws {
        try await HostileServer.run { server in
            let client = client(server, kind)
            for attempt in 0..<2 {
                await #expect {
                    if attempt == 0 {
                        _ = try await client.send(NetworkRequest<Data>.get(path))
                    } else {
                        _ = try await client.stream(NetworkRequest<Data>.get(path))
                    }
                } throws: { error in
                    guard case .unauthenticated(let failure) = error as? NetworkError else { return false }
                    return failure.message?.message == "Permission denied"
                }
            }
        }
    }

    @Test(
        "Redirects follow RFC 9110: 307 and 308 keep the method and body, 303 and a POST's 301 or 302 become a GET",
        arguments: TransportKind.allCases)
    func redirects(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            let client = client(server, kind)
            let expected: [(Int, HTTPMethod, String, String)] = [
                (307, .post, "POST", "payload"), (308, .post, "POST", "payload"), (307, .put, "PUT", "payload"),
                (303, .post, "GET", ""), (303, .put, "GET", ""), (301, .post, "GET", ""), (302, .post, "GET", ""),
                (301, .put, "PUT", "payload"), (302, .delete, "DELETE", "payload"),
            ]
            for (status, method, finalMethod, finalBody) in expected {
                let request = NetworkRequest<Echo>(method: method, path: "redirect/\(status)")
                    .query("to", "/echo")
                    .body(Data("payload".utf8), contentType: "text/plain")
                let echo = try await client.send(request)
                #expect(echo.method == finalMethod, "\(status) after \(method)")
                #expect(echo.body == finalBody, "\(status) after \(method)")
            }
        }
    }

    @Test("Secret headers follow a redirect to the same origin, never to another", arguments: TransportKind.allCases)
    func crossOrigin(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            var client = client(server, kind)
            client.headers["Authorization"] = "Bearer secret-token"
            client.headers["Cookie"] = "session=secret"
            let same = try await client.send(NetworkRequest<Echo>.get("redirect/307").query("to", "/echo"))
            #expect(same.authorization == "Bearer secret-token")
            #expect(same.cookie == "session=secret")
            let elsewhere = server.otherOriginURL.appending(path: "echo").absoluteString
            let other = try await client.send(NetworkRequest<Echo>.get("redirect/307").query("to", elsewhere))
            #expect(other.authorization == "")
            #expect(other.cookie == "")
            #expect(other.method == "GET")
        }
    }

    @Test("A redirect loop ends with tooManyRedirects after maxRedirects hops", arguments: TransportKind.allCases)
    func loop(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            var client = client(server, kind)
            client.maxRedirects = 5
            await #expect {
                _ = try await client.send(NetworkRequest<Data>.get("loop"))
            } throws: { error in
                guard case .tooManyRedirects(let failure) = error as? NetworkError else { return false }
                return failure.status == 302
            }
            #expect(server.received.count == 6)
        }
    }

    @Test(
        "Retry-After garbage never traps, and a huge one is thrown at once with the delay it asked for",
        arguments: TransportKind.allCases)
    func retryAfter(kind: TransportKind) async throws {
        let values = [
            "1e300", "-1", "nan", "inf", "-inf", "1234567890123456789012345678901234567890", "0x10", "",
            "Mon, 01 Jan 0001 00:00:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "Sun, 06 Nov 1994 08:49:37 GMT",
            "garbage", String(repeating: "9", count: 10_000),
        ]
        try await HostileServer.run { server in
            let sleeps = SleepRecorder()
            let policy = RetryPolicy(
                maxAttempts: 2, baseDelay: .milliseconds(1), deadline: nil, maxRetryAfter: .seconds(5),
                clock: RetryClock(now: { Date() }, sleep: { await sleeps.record($0) }))
            let client = client(server, kind, retry: policy)
            for value in values {
                await #expect {
                    _ = try await client.send(NetworkRequest<Data>.get("retry-after").query("value", value))
                } throws: { error in
                    (error as? NetworkError)?.status == 503
                }
            }
            // Every wait the policy slept was bounded by maxRetryAfter.
            #expect(await sleeps.all.allSatisfy { $0 <= .seconds(5) })
            let huge = await #expect(throws: NetworkError.self) {
                _ = try await client.send(NetworkRequest<Data>.get("retry-after").query("value", "86400"))
            }
            #expect(huge?.failure?.retryAfter == .seconds(86_400))
        }
    }

    @Test("A body shorter than its Content-Length is an incomplete body", arguments: TransportKind.allCases)
    func truncated(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            await #expect {
                _ = try await client(server, kind).send(NetworkRequest<Data>.get("truncated"))
            } throws: { error in
                guard let error = error as? NetworkError else { return false }
                if case .incompleteBody(expected: 1000, received: 10) = error { return true }
                return false
            }
        }
    }

    @Test("A body that never ends stops at the transport's limit", arguments: TransportKind.allCases)
    func endless(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            await #expect {
                _ = try await client(server, kind).send(NetworkRequest<Data>.get("endless"))
            } throws: { error in
                guard case .responseTooLarge(let limit) = error as? NetworkError else { return false }
                return limit == 1 << 20
            }
        }
    }

    @Test(
        "A reader of an endless body that is cancelled is never recorded as complete; one that breaks out gives streamStopped",
        arguments: TransportKind.allCases)
    func endlessStreamReaders(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            let finals = Mutex<[NetworkLogRecord.Event]>([])
            var observed = client(server, kind)
            observed.observers = [
                NetworkObserver { record in
                    switch record.event {
                    case .streamEnded, .streamFailed, .streamStopped: finals.withLock { $0.append(record.event) }
                    default: break
                    }
                }
            ]
            let reader = observed
            let reading = Task {
                for try await _ in try await reader.stream(NetworkRequest<Data>.get("endless")).body {
                    // Cancelled at its first chunk, from inside: however
                    // loaded the machine, the body is far from its end.
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            }
            // Cancelled between two chunks the loop ends (the body is an
            // AsyncThrowingStream) or throws cancelled, if the cancellation
            // met a read in progress; either way the record is no success.
            switch await reading.result {
            case .success, .failure(NetworkError.cancelled): break
            case .failure(let error): Issue.record("a cancelled reader failed with \(error)")
            }
            for try await _ in try await reader.stream(NetworkRequest<Data>.get("endless")).body {
                break
            }
            while finals.withLock({ $0.count }) < 2 {
                try await Task.sleep(for: .milliseconds(10))
            }
            let events = finals.withLock { $0 }
            guard events.count == 2, case .streamStopped = events[1] else {
                Issue.record("expected a cancelled or stopped record, then streamStopped, got \(events)")
                return
            }
            switch events[0] {
            case .streamStopped, .streamFailed(.cancelled): break
            default: Issue.record("a cancelled read was recorded as \(events[0])")
            }
        }
    }

    @Test("Bytes dripped one at a time still make the whole body", arguments: TransportKind.allCases)
    func drip(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            let numbers = try await client(server, kind).send(NetworkRequest<[Int]>.get("drip"))
            #expect(numbers == Array(1...9))
        }
    }

    @Test(
        "An event stream whose line or event never ends fails with responseTooLarge",
        arguments: TransportKind.allCases, ["sse/no-newline", "sse/no-blank-line"])
    func endlessEvent(kind: TransportKind, path: String) async throws {
        try await HostileServer.run { server in
            let response = try await client(server, kind).stream(NetworkRequest<Data>.get(path))
            var parser = ServerEventParser(maxEventSize: 256 << 10)
            await #expect {
                for try await chunk in response.body {
                    _ = try parser.consume(chunk)
                }
            } throws: { error in
                guard case .responseTooLarge(let limit) = error as? NetworkError else { return false }
                return limit == 256 << 10
            }
        }
    }

    @Test("A proxy's HTML error page is an httpStatus with its title as the message", arguments: TransportKind.allCases)
    func htmlError(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            await #expect {
                _ = try await client(server, kind).send(NetworkRequest<Echo>.get("html-error"))
            } throws: { error in
                guard case .httpStatus(let failure) = error as? NetworkError else { return false }
                return failure.status == 502 && failure.message?.message == "502 Bad Gateway"
            }
        }
    }

    @Test("JSON with invalid UTF-8 is a decoding failure, not a crash", arguments: TransportKind.allCases)
    func invalidUTF8(kind: TransportKind) async throws {
        struct Named: Decodable { var name: String }
        try await HostileServer.run { server in
            await #expect {
                _ = try await client(server, kind).send(NetworkRequest<Named>.get("invalid-utf8"))
            } throws: { error in
                (error as? NetworkError)?.isDecodingFailure == true
            }
        }
    }

    @Test("Thousands of header fields end the request, never hang it", arguments: TransportKind.allCases)
    func headerFlood(kind: TransportKind) async throws {
        try await HostileServer.run { server in
            do throws(NetworkError) {
                let response = try await client(server, kind).response(for: NetworkRequest<Data>.get("header-flood"))
                #expect(response.status == 200)
            } catch {
                // Refusing the flood is as good as reading it, if it says so.
                #expect(!error.description.isEmpty)
                guard case .transportFailed = error else {
                    Issue.record("Unexpected error for a header flood: \(error)")
                    return
                }
            }
        }
    }

    @Test("gzip and deflate bodies are decoded", arguments: TransportKind.allCases, ["gzip", "deflate"])
    func compressed(kind: TransportKind, path: String) async throws {
        struct Flag: Decodable, Equatable { var compressed: Bool }
        try await HostileServer.run { server in
            let flag = try await client(server, kind).send(NetworkRequest<Flag>.get(path))
            #expect(flag == Flag(compressed: true))
        }
    }
}

/// Records the waits of a ``RetryClock`` instead of sleeping.
actor SleepRecorder {
    private(set) var all: [Duration] = []

    func record(_ duration: Duration) {
        all.append(duration)
    }
}
