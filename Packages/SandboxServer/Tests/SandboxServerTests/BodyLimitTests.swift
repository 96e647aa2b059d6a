import Foundation
import NIOConcurrencyHelpers
import Sandbox
import Testing

@testable import SandboxServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Bodies over the largest emulator limit are refused in the service's own format, never reaching an emulator")
struct BodyLimitTests {
    /// A server whose limit is 4 KiB (the larger of the two emulator limits),
    /// counting the requests that reach its handler.
    private func withLimitedServer(_ body: (SandboxServer, NIOLockedValueBox<Int>) async throws -> Void) async throws {
        var configuration = SandboxConfiguration()
        configuration.firebase.maxBodySize = 4096
        configuration.airtable.maxBodySize = 1024
        let reached = NIOLockedValueBox(0)
        try await TestServers.with(SandboxServerOptions(configuration: configuration)) { request in
            reached.withLockedValue { $0 += 1 }
            return await TestServers.echo(request)
        } _: { server in
            try await body(server, reached)
        }
    }

    @Test("A body at the limit arrives whole; one byte more is Firebase's size error, and the server keeps serving")
    func limit() async throws {
        try await withLimitedServer { server, reached in
            let atLimit = try await HTTP.send(
                "POST", HTTP.url(server.baseURL, "/posts.json"), body: Data(repeating: 65, count: 4096))
            #expect(atLimit.status == 200)
            #expect(try TestServers.echoed(atLimit)["bodySize"] as? Int == 4096)

            let over = try await HTTP.send(
                "POST", HTTP.url(server.baseURL, "/posts.json"), body: Data(repeating: 65, count: 4097))
            #expect(over.status == 400)
            #expect(over.text.contains("Data to write exceeds the maximum size"))
            #expect(reached.withLockedValue { $0 } == 1)

            let after = try await HTTP.send("GET", HTTP.url(server.baseURL, "/posts.json"))
            #expect(after.status == 200)
        }
    }

    @Test("A chunked upload without Content-Length is counted as it arrives")
    func chunkedUpload() async throws {
        try await withLimitedServer { server, reached in
            var request = URLRequest(url: HTTP.url(server.baseURL, "/posts.json"))
            request.httpMethod = "PUT"
            request.httpBodyStream = InputStream(data: Data(repeating: 66, count: 20_000))
            let (_, response) = try await HTTP.session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(reached.withLockedValue { $0 } == 0)
        }
    }

    @Test("A huge declared Content-Length is refused at once, before any body is read")
    func hugeDeclaredLength() async throws {
        try await withLimitedServer { server, reached in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send(
                "POST /posts.json HTTP/1.1\r\nHost: sandbox\r\nContent-Length: 68719476736\r\n\r\n")
            let statuses = try await connection.readResponses(1)
            #expect(statuses == [400])
            await connection.shutdown()
            #expect(reached.withLockedValue { $0 } == 0)
            #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/posts.json")).status == 200)
        }
    }

    /// What a client still uploading sees after a refusal: the statuses of
    /// the answers, and the bytes the server took before the connection
    /// ended.
    private static func refusedUpload(_ server: SandboxServer, head: String, chunked: Bool) async throws
        -> (statuses: [Int], sent: Int)
    {
        let connection = try await RawConnection.connect(port: server.port)
        async let answer = connection.readUntilClosed()
        try await connection.send(head)
        let piece = [UInt8](repeating: 65, count: 65_536)
        let chunk = chunked ? Array("10000\r\n".utf8) + piece + Array("\r\n".utf8) : piece
        let sent = try await connection.sendRepeatedly(chunk, upTo: 256 << 20)
        let statuses = try await answer.components(separatedBy: "\r\n").compactMap { line -> Int? in
            guard line.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(line.dropFirst(9).prefix(3))
        }
        return (statuses, sent)
    }

    @Test(
        "Past any limit (admin, Airtable, Firebase, the server's own), one answer, and the connection closes unread",
        arguments: [
            ("POST", "/__sandbox/faults", 413), ("POST", "/v0/appLessonBase00001/Projects", 413),
            ("PUT", "/posts.json", 400), ("POST", "/services/rest", 413),
        ])
    func oneAnswerThenClose(method: String, path: String, status: Int) async throws {
        try await withLimitedServer { server, reached in
            for chunked in [true, false] {
                let framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(256 << 20)"
                let (statuses, sent) = try await Self.refusedUpload(
                    server, head: "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(framing)\r\n\r\n",
                    chunked: chunked)
                #expect(statuses == [status], "chunked: \(chunked)")
                // The limit (at most 2 MiB) and what the sockets buffer, not
                // the 256 MiB offered.
                #expect(sent < 64 << 20, "chunked: \(chunked), \(sent) bytes taken")
            }
            #expect(reached.withLockedValue { $0 } == 0)
            #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/posts.json")).status == 200)
        }
    }

    @Test("A 64 MiB upload to the real Sandbox is refused without exhausting the server")
    func largeUploadToSandbox() async throws {
        let server = try await SandboxServer.start()
        let response = try await HTTP.send(
            "PUT", HTTP.url(server.baseURL, "/posts.json?ns=devmtn-post"), body: Data(repeating: 32, count: 64 << 20))
        #expect(response.status == 400)
        // Logged like any answer, though its body was never read.
        #expect(await server.sandbox.requests.all.map(\.status) == [400])
        #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health")).status == 200)
        await server.stop()
    }
}
