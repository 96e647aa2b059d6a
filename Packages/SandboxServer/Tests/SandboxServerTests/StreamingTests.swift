import Foundation
import NIOConcurrencyHelpers
import Sandbox
import Testing

@testable import SandboxServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streams come from a test handler here: the server's part (writing chunks
/// as they come, noticing a client leaving, ending streams on stop) does not
/// depend on which emulator streams.
@Suite("Responses: streamed chunk by chunk, complete with Content-Length, or dropped", .timeLimit(.minutes(10)))
struct StreamingTests {
    /// A stream the test feeds, and a signal for when the server stopped
    /// consuming it (its `onTermination` ran).
    private struct FedStream {
        let stream: SandboxStream
        let input: SandboxStream.Continuation
        let terminated: AsyncStream<Void>

        init() {
            (stream, input) = SandboxStream.makeStream()
            let (terminated, signal) = AsyncStream<Void>.makeStream()
            self.terminated = terminated
            input.onTermination = {
                signal.yield()
                signal.finish()
            }
        }

        /// Returns once `onTermination` has run; the suite's time limit
        /// catches a stream that is never ended.
        func waitForTermination() async -> Bool {
            for await _ in terminated { return true }
            return true
        }
    }

    /// A server whose every answer is `fed`'s stream. Its grace period is
    /// past any test's time limit: a stop that waits for it is a hang.
    private static func eventStreamServer(_ fed: FedStream) async throws -> SandboxServer {
        var options = SandboxServerOptions()
        options.gracePeriod = .seconds(3600)
        return try await SandboxServer.start(options) { _ in
            SandboxResponse(
                status: 200, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"],
                body: .stream(fed.stream))
        }
    }

    private static func eventStreamRequest(_ server: SandboxServer) -> URLRequest {
        var request = URLRequest(url: HTTP.url(server.baseURL, "/posts.json"))
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        return request
    }

    /// A stream server and a client that has read the stream's head.
    private static func openStream() async throws -> (FedStream, SandboxServer, StreamingClient, HTTPURLResponse) {
        let fed = FedStream()
        let server = try await eventStreamServer(fed)
        let client = StreamingClient(eventStreamRequest(server))
        guard case .response(let head) = try await client.next() else {
            struct NoHead: Error {}
            throw NoHead()
        }
        return (fed, server, client, head)
    }

    @Test("Each chunk reaches the client before the next one exists, then the stream ends cleanly")
    func chunkByChunk() async throws {
        let (fed, server, client, head) = try await Self.openStream()
        #expect(head.statusCode == 200)
        #expect(head.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
        #expect(head.value(forHTTPHeaderField: "Content-Length") == nil)

        for number in 1...5 {
            let event = "event: put\ndata: {\"path\":\"/\",\"data\":\(number)}\n\n"
            fed.input.yield(Data(event.utf8))
            var received = ""
            while received.count < event.count {
                guard case .chunk(let data) = try await client.next() else {
                    Issue.record("expected chunk \(number)")
                    return
                }
                received += String(decoding: data, as: UTF8.self)
            }
            #expect(received == event)
        }
        fed.input.finish()
        guard case .completed(let error) = try await client.next() else {
            Issue.record("expected the end of the stream")
            return
        }
        #expect(error == nil)
        await server.stop()
    }

    @Test("A client that goes away ends the stream at once, running the emulator's cleanup")
    func clientDisconnect() async throws {
        let (fed, server, client, _) = try await Self.openStream()
        fed.input.yield(Data("event: keep-alive\ndata: null\n\n".utf8))
        guard case .chunk = try await client.next() else {
            Issue.record("expected a chunk")
            return
        }
        client.cancel()
        // Nothing more is yielded: only the disconnect itself can end it.
        #expect(await fed.waitForTermination())
        await server.stop()
    }

    @Test("A client that closes only its sending side ends the stream at once, and reads the stream's end")
    func clientHalfClose() async throws {
        let fed = FedStream()
        let server = try await Self.eventStreamServer(fed)
        let connection = try await RawConnection.connect(port: server.port)
        try await connection.send(
            "GET /posts.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        // The server allows half-closed connections, so the channel stays
        // open: only the handler behind the parser hears the input end.
        await connection.shutdownWrite()
        #expect(await fed.waitForTermination())
        let received = try await connection.readUntilClosed()
        #expect(received.hasPrefix("HTTP/1.1 200"))
        #expect(received.hasSuffix("0\r\n\r\n"))
        await connection.shutdown()
        await server.stop()
    }

    @Test("Stopping the server ends open streams, and the client sees a clean end")
    func stopEndsStreams() async throws {
        let (fed, server, client, _) = try await Self.openStream()
        await server.stop()
        #expect(await fed.waitForTermination())
        guard case .completed(let error) = try await client.next() else {
            Issue.record("expected the end of the stream")
            return
        }
        #expect(error == nil)
    }

    @Test("A HEAD request to a stream gets the head alone, and the stream is ended")
    func headOfStream() async throws {
        let fed = FedStream()
        let server = try await Self.eventStreamServer(fed)
        let response = try await HTTP.send("HEAD", HTTP.url(server.baseURL, "/posts.json"))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(await fed.waitForTermination())
        await server.stop()
    }

    @Test("Complete bodies carry Content-Length and no chunked encoding")
    func completeBody() async throws {
        let server = try await SandboxServer.start()
        let response = try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health"))
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(response.header("Transfer-Encoding") == nil)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        await server.stop()
    }

    @Test("Statuses, headers and bodies pass through; 204 has no body")
    func passThrough() async throws {
        try await TestServers.with { request in
            switch request.path {
            case "/silent": SandboxResponse(status: 204, headers: ["X-Firebase": "1"], body: .data(Data("x".utf8)))
            case "/invalid": SandboxResponse(status: 42)
            default: SandboxResponse(status: 429, headers: ["Retry-After": "2"], body: .data(Data("slow down".utf8)))
            }
        } _: { server in
            let silent = try await HTTP.send("GET", HTTP.url(server.baseURL, "/silent"))
            #expect(silent.status == 204)
            #expect(silent.body.isEmpty)
            #expect(silent.header("X-Firebase") == "1")
            let limited = try await HTTP.send("GET", HTTP.url(server.baseURL, "/limited"))
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After") == "2")
            #expect(limited.text == "slow down")
            #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/invalid")).status == 500)
        }
    }

    @Test("A dropped-connection fault closes the connection without a response; the next request is answered")
    func droppedConnection() async throws {
        let server = try await SandboxServer.start()
        try server.sandbox.faults.inject(Fault(path: "/bankey/*", action: .dropConnection))
        let connection = try await RawConnection.connect(port: server.port)
        try await connection.send("GET /bankey/profile/1 HTTP/1.1\r\nHost: sandbox\r\n\r\n")
        #expect(try await connection.readUntilClosed() == "")

        try server.sandbox.faults.inject(Fault(path: "/bankey/*", action: .dropConnection))
        await #expect(throws: (any Error).self) {
            try await HTTP.send(
                "GET", HTTP.url(server.baseURL, "/bankey/profile/1"), session: HTTP.freshConnections)
        }
        let recorded = await server.sandbox.requests.matching("/bankey/*")
        #expect(recorded.map(\.status) == [0, 0])
        let answered = try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/1"))
        #expect(answered.status != 0)
        #expect(await server.sandbox.requests.matching("/bankey/*").count == 3)
        await server.stop()
    }
}
