import Foundation
import HTTPTestServer
import Networking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each `NetworkError` case from a realistic trigger: a real loopback server
/// where one can produce it, a transport error where only the OS can.
@Suite("NetworkError cases")
struct NetworkErrorTests {
    struct Post: Decodable, Sendable {
        let username: String
        let timestamp: Double
    }

    func failing<Value>(
        _ request: NetworkRequest<Value>,
        reply: LoopbackServer.Reply,
        configure: (inout NetworkClient) -> Void = { _ in }
    ) async throws -> NetworkError {
        let server = try LoopbackServer { _ in reply }
        defer { server.stop() }
        var client = makeClient(URLSessionTransport.shared, baseURL: server.baseURL.absoluteString, maxAttempts: 1)
        configure(&client)
        do {
            _ = try await client.send(request)
        } catch {
            return error
        }
        throw NetworkError.noData
    }

    @Test("401, 403, 404, 409/412, 429 and 500 map to their cases with the server's message")
    func statuses() async throws {
        let airtable = #"{"error":{"code":"AUTHENTICATION_REQUIRED","message":"Authentication required"}}"#
        let unauthenticated = try await failing(
            NetworkRequest<Data>.get("v0/app/t"), reply: .respond(status: 401, body: Data(airtable.utf8)))
        guard case .unauthenticated(let failure) = unauthenticated else {
            Issue.record("got \(unauthenticated)")
            return
        }
        #expect(failure.message == ServerMessage(code: "AUTHENTICATION_REQUIRED", message: "Authentication required"))
        #expect(
            unauthenticated.description.hasPrefix("The server asked for credentials (401) for GET http://127.0.0.1:"))
        #expect(
            unauthenticated.description.hasSuffix(
                "/v0/app/t: AUTHENTICATION_REQUIRED: Authentication required. Sign in first."))

        let firebase = #"{"error" : "Permission denied"}"#
        if case .forbidden(let failure) = try await failing(
            NetworkRequest<Data>.get("a.json"), reply: .respond(status: 403, body: Data(firebase.utf8)))
        {
            #expect(failure.message?.message == "Permission denied")
        } else {
            Issue.record("expected forbidden")
        }
        let notFound = try await failing(
            NetworkRequest<Data>.get("bankey/profile/9"), reply: .respond(status: 404, body: Data("Not Found".utf8)))
        #expect(notFound.status == 404)
        #expect(
            notFound.description.hasSuffix("/bankey/profile/9: Not Found. Check the path and the identifiers in it."))
        let conflict = try await failing(
            NetworkRequest<Data>.put("a.json", body: 1),
            reply: .respond(status: 412, headers: ["ETag": "abc"], body: Data("42".utf8)))
        if case .conflict(let failure) = conflict {
            #expect(failure.body == Data("42".utf8))
            #expect(failure.headers["etag"] == "abc")
        } else {
            Issue.record("expected conflict, got \(conflict)")
        }
        let limited = try await failing(
            NetworkRequest<Data>.get("x"),
            reply: .respond(
                status: 429, headers: ["Retry-After": "30"],
                body: Data(#"{"error":{"code":"RATE_LIMIT_REACHED","message":"Slow down"}}"#.utf8)))
        if case .rateLimited(let failure) = limited {
            #expect(failure.retryAfter == .seconds(30))
            #expect(failure.message == ServerMessage(code: "RATE_LIMIT_REACHED", message: "Slow down"))
            #expect(limited.description.hasSuffix("Slow down. Retry after 30 s."))
        } else {
            Issue.record("expected rateLimited, got \(limited)")
        }
        let server = try await failing(
            NetworkRequest<Data>.get("x"), reply: .respond(status: 500, body: Data(#"{"message":"boom"}"#.utf8)))
        if case .httpStatus(let failure) = server {
            #expect(failure.status == 500)
            #expect(failure.message?.message == "boom")
        } else {
            Issue.record("expected httpStatus, got \(server)")
        }
    }

    @Test("A failure says whether the request carried credentials: a secret header or query item, never their value")
    func carriedCredentials() async throws {
        let denied = LoopbackServer.Reply.respond(status: 401, body: Data(#"{"error" : "Permission denied"}"#.utf8))
        let cases: [(NetworkRequest<Data>, Bool)] = [
            (NetworkRequest<Data>.get("a.json"), false),
            (NetworkRequest<Data>.get("a.json").query("print", "pretty"), false),
            (NetworkRequest<Data>.get("a.json").query("auth", "id-token-1"), true),
            (NetworkRequest<Data>.get("a.json").header("Authorization", "Bearer token-2"), true),
            (NetworkRequest<Data>.get("a.json").header("X-Goog-Api-Key", "key-3"), true),
        ]
        for (request, expected) in cases {
            let error = try await failing(request, reply: denied)
            #expect(error.failure?.carriedCredentials == expected, "\(request)")
            #expect(!error.description.contains("id-token-1") && !error.description.contains("token-2"))
        }
    }

    @Test("A 401 to the credentials the app configured advises checking them; to the user's own, it does not")
    func configuredCredentialsAdvice() async throws {
        let refused = ScriptedTransport(always: .json(#"{"error":"Could not parse auth token."}"#, status: 401))
        let keyed = NetworkClient(
            baseURL: URL(string: "https://api.example.test")!, credentials: ["Authorization": "Bearer pat-1"],
            transport: refused)
        let secret = NetworkClient(baseURL: URL(string: "https://db.example.test/?auth=secret-2")!, transport: refused)
        let plain = NetworkClient(baseURL: URL(string: "https://api.example.test")!, transport: refused)
        let cases: [(NetworkClient, NetworkRequest<Data>, Bool)] = [
            (keyed, .get("a"), true),
            (secret, .get("a.json"), true),
            // The request's own token (a signed-in user's) is not the app's configuration.
            (keyed, NetworkRequest<Data>.get("a").header("Authorization", "Bearer user-3"), false),
            (plain, NetworkRequest<Data>.get("a").query("auth", "user-4"), false),
            (plain, .get("a"), false),
        ]
        for (client, request, configured) in cases {
            do throws(NetworkError) {
                _ = try await client.send(request)
                Issue.record("expected a failure for \(request)")
            } catch {
                let advice = error.failure?.advice ?? ""
                #expect(advice.contains("configured with") == configured, "\(request): \(advice)")
                #expect(!error.description.contains("pat-1") && !error.description.contains("secret-2"))
            }
        }
    }

    @Test("An HTML error page gives its title as the message and a capped excerpt")
    func htmlErrorPage() async throws {
        let page =
            "<html>\n<head><title>502 Bad Gateway</title></head>\n<body>" + String(repeating: "x", count: 5000)
            + "</body></html>"
        let error = try await failing(
            NetworkRequest<Post>.get("posts.json"),
            reply: .respond(status: 502, headers: ["Content-Type": "text/html"], body: Data(page.utf8)))
        guard case .httpStatus(let failure) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(failure.message?.message == "502 Bad Gateway")
        #expect(failure.bodyExcerpt.count <= 201)
        #expect(failure.bodyExcerpt.hasPrefix("<html> <head><title>502 Bad Gateway</title></head> <body>xxx"))
        #expect(error.description.hasSuffix("/posts.json: 502 Bad Gateway. Try again later."))
    }

    @Test("An HTML page with status 200 where JSON was expected is a decoding failure")
    func htmlWithSuccessStatus() async throws {
        let error = try await failing(
            NetworkRequest<[Post]>.get("posts.json"),
            reply: .respond(status: 200, body: Data("<!DOCTYPE html><html>Sign in</html>".utf8)))
        guard case .decodingFailed(let failure) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(failure.reason == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(failure.bodyExcerpt == "<!DOCTYPE html><html>Sign in</html>")
        #expect(error.isDecodingFailure)
    }

    @Test("A wrong type names the coding path and what was expected")
    func wrongType() async throws {
        let body = #"[{"username":"ann","timestamp":1.5},{"username":"bob","timestamp":"yesterday"}]"#
        let error = try await failing(
            NetworkRequest<[Post]>.get("posts.json"), reply: .respond(status: 200, body: Data(body.utf8)))
        guard case .decodingFailed(let failure) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(failure.codingPath == "[1].timestamp")
        #expect(failure.reason.hasPrefix("expected Double, found"))
        #expect(failure.typeName == "Array<Post>")
        #expect(error.description.hasPrefix("Could not decode Array<Post> at [1].timestamp: expected Double"))
    }

    @Test("A missing key and a null are named")
    func missingAndNull() async throws {
        let missing = try await failing(
            NetworkRequest<Post>.get("p"), reply: .respond(status: 200, body: Data(#"{"timestamp":1}"#.utf8)))
        if case .decodingFailed(let failure) = missing {
            #expect(failure.codingPath == "username")
            #expect(failure.reason == "missing key \"username\"")
        } else {
            Issue.record("got \(missing)")
        }
        let null = try await failing(
            NetworkRequest<Post>.get("p"), reply: .respond(status: 200, body: Data("null".utf8)))
        #expect(null.isDecodingFailure)
    }

    @Test("An empty body where JSON was expected is noData; for Void it is fine")
    func noData() async throws {
        let error = try await failing(NetworkRequest<Post>.get("p"), reply: .respond(status: 200))
        guard case .noData = error else {
            Issue.record("got \(error)")
            return
        }
        let server = try LoopbackServer { _ in .respond(status: 204) }
        defer { server.stop() }
        let client = makeClient(URLSessionTransport.shared, baseURL: server.baseURL.absoluteString)
        try await client.send(NetworkRequest<Void>.delete("a.json"))
    }

    @Test("A truncated body is an incomplete body, not a success")
    func truncated() async throws {
        let error = try await failing(
            NetworkRequest<[Post]>.get("p"), reply: .truncated(declared: 500, body: Data(#"[{"username":"a""#.utf8)))
        guard case .incompleteBody(expected: 500, received: 16) = error else {
            Issue.record("got \(error)")
            return
        }
    }

    @Test("A connection closed without an answer is a lost connection")
    func dropped() async throws {
        let error = try await failing(NetworkRequest<Data>.get("p"), reply: .drop)
        #expect(error.description == "The connection was lost before the response was complete.")
    }

    @Test("A server that does not answer in time is a timeout")
    func timeout() async throws {
        let error = try await failing(
            NetworkRequest<Data>.get("slow").timeout(.milliseconds(300)), reply: .delayed(30, status: 200, body: Data())
        )
        guard case .timedOut = error else {
            Issue.record("got \(error)")
            return
        }
    }

    @Test("A closed port is cannotConnect")
    func cannotConnect() async throws {
        try await ReservedPort.hold { reserved in
            let client = makeClient(
                URLSessionTransport.shared, baseURL: reserved.baseURL.absoluteString, maxAttempts: 1)
            await #expect {
                try await client.send(NetworkRequest<Data>.get("x"))
            } throws: { error in
                guard case NetworkError.cannotConnect(let host) = error else { return false }
                return host == "127.0.0.1:\(reserved.port)"
            }
        }
    }

    @Test("Cancelling the task is cancelled")
    func cancelled() async throws {
        let server = try LoopbackServer { _ in .delayed(30, status: 200, body: Data()) }
        defer { server.stop() }
        let client = makeClient(URLSessionTransport.shared, baseURL: server.baseURL.absoluteString)
        let task = Task { try await client.send(NetworkRequest<Data>.get("slow")) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        guard case .failure(NetworkError.cancelled) = result else {
            Issue.record("got \(result)")
            return
        }
    }

    @Test("OS-level conditions map to their cases")
    func osConditions() {
        let request = TransportRequest(method: .get, url: URL(string: "https://x.test/a?auth=zzz")!)
        func map(_ code: URLError.Code) -> NetworkError {
            NetworkError(transportError: URLError(code), request: request)
        }
        #expect(map(.notConnectedToInternet).description == "Not connected to the internet.")
        #expect(map(.unsupportedURL).description == "Invalid URL: https://x.test/a?auth=REDACTED")
        #expect(map(.networkConnectionLost).description == "The connection was lost before the response was complete.")
        guard case .transportFailed(let failure) = map(.badServerResponse) else {
            Issue.record("expected transportFailed")
            return
        }
        #expect(failure.code == URLError.Code.badServerResponse.rawValue)
        #expect(
            NetworkError(transportError: CancellationError(), request: request).description
                == "The request was cancelled.")
    }

    @Test("FoundationNetworking's 'Failed writing header' says what it means and what reads such headers")
    func unreadableHeaders() {
        let request = TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:9515/status")!)
        // The initialiser is failable on Linux only; the annotation compiles on both.
        let unknown: URLError.Code? = URLError.Code(rawValue: -1)
        let libcurl = URLError(unknown ?? .unknown, userInfo: [NSLocalizedDescriptionKey: "Failed writing header"])
        let error = NetworkError(transportError: libcurl, request: request)
        guard case .transportFailed(let failure) = error else {
            Issue.record("expected transportFailed, got \(error)")
            return
        }
        #expect(failure.message.hasPrefix("Failed writing header (FoundationNetworking on Linux"))
        #expect(failure.message.contains("AsyncHTTPClientTransport"))
    }

    @Test("Bytes that are not an image are notAnImage")
    func notAnImage() async throws {
        let error = try await failing(
            NetworkRequest<RemoteImage>.image("photo.jpg"),
            reply: .respond(status: 200, body: Data("<html>Not here</html>".utf8)))
        #expect(error.description == "The data is not an image: the bytes are text starting \"<html>Not here</html>\"")
    }
}
