import Foundation
import Sandbox
import Testing

@testable import SandboxServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Raw TCP requests a well-behaved client would never send; after each, the
/// server must still answer.
@Suite("Bad connections never crash or wedge the server")
struct RobustnessTests {
    private static func expectServing(_ server: SandboxServer) async throws {
        let health = try await HTTP.send(
            "GET", HTTP.url(server.baseURL, "/__sandbox/health"), session: HTTP.freshConnections)
        #expect(health.status == 200)
    }

    @Test(
        "Malformed requests get a 400 and the connection closes",
        arguments: [
            "HELLO\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: nope\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxy",
            "GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "GET / HTTP/1.1\r\nBad Header\r\n\r\n",
            "B(R)EW / HTTP/1.1\r\nHost: a\r\n\r\n",
            "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}",
        ])
    func malformed(request: String) async throws {
        let server = try await SandboxServer.start()
        let connection = try await RawConnection.connect(port: server.port)
        try await connection.send(request)
        await connection.shutdownWrite()
        let answer = try await connection.readUntilClosed()
        #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 400"))
        try await Self.expectServing(server)
        await server.stop()
    }

    @Test("A head of a megabyte is refused and the server keeps serving")
    func hugeHeaders() async throws {
        let server = try await SandboxServer.start()
        let connection = try await RawConnection.connect(port: server.port)
        let filler = String(repeating: "x", count: 1 << 20)
        try await connection.send("GET /__sandbox/health HTTP/1.1\r\nHost: a\r\nX-Filler: \(filler)\r\n\r\n")
        let answer = try await connection.readUntilClosed()
        #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 4"))
        try await Self.expectServing(server)
        await server.stop()
    }

    @Test("Connections cut mid-head, mid-body or mid-chunk change nothing")
    func abortedConnections() async throws {
        let server = try await SandboxServer.start()
        let partial = [
            "GET /__sandbox/heal",
            "POST /posts.json HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\n0123456789",
            "PUT /pot HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n400\r\nabc",
            "PATCH /pot HTTP/1.1\r\nHost: a\r\n",
        ]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let connection = try await RawConnection.connect(port: server.port)
                    try await connection.send(partial[index % partial.count])
                    await connection.shutdown()
                }
            }
            try await group.waitForAll()
        }
        try await Self.expectServing(server)
        #expect(await server.sandbox.requests.all.isEmpty)
        await server.stop()
    }

    @Test("Pipelined requests with fixed and chunked bodies are each answered in order")
    func pipelined() async throws {
        let server = try await SandboxServer.start()
        let connection = try await RawConnection.connect(port: server.port)
        try await connection.send(
            "GET /__sandbox/health HTTP/1.1\r\nHost: localhost\r\n\r\n"
                // A body that looks like a request must stay a body.
                + "PUT /pot/1 HTTP/1.1\r\nHost: a\r\nContent-Length: 23\r\n\r\nPUT /pot/9 HTTP/1.1\r\n\r\n"
                + "\r\nPOST /pot/2 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "17;ext=1\r\nPUT /pot/8 HTTP/1.1\r\n\r\n\r\n0\r\nX-Trailer: 1\r\n\r\n"
                + "DELETE /pot/3?x=%20 HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n"
                + "GET /__sandbox/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let statuses = try await connection.readResponses(5)
        #expect(statuses == [200, 404, 404, 404, 200])
        let recorded = await server.sandbox.requests.matching("/pot/*")
        #expect(recorded.map(\.method) == ["PUT", "POST", "DELETE"])
        #expect(recorded.map(\.path) == ["/pot/1", "/pot/2", "/pot/3"])
        #expect(recorded.last?.rawQuery == "x=%20")
        await server.stop()
    }

    @Test("A method the HTTP parser does not know is refused with a 400, and the server keeps serving")
    func unknownMethod() async throws {
        let server = try await SandboxServer.start()
        for request in ["BREW /pot HTTP/1.1\r\nHost: a\r\n\r\n", "get /posts.json HTTP/1.1\r\nHost: a\r\n\r\n"] {
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send(request)
            let answer = try await connection.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 400"))
        }
        try await Self.expectServing(server)
        #expect(await server.sandbox.requests.all.isEmpty)
        await server.stop()
    }
}
