import Foundation
import Networking
import Testing

@Suite("URLSessionTransport over loopback")
struct TransportTests {
    @Test("A POST round trip carries method, path, query, headers and body both ways")
    func roundTrip() async throws {
        let server = try LoopbackServer { request in
            .respond(
                status: 201, headers: ["Content-Type": "application/json", "X-Echo": request.headers["x-trace"] ?? ""],
                body: request.body)
        }
        defer { server.stop() }
        struct Fields: Codable, Sendable, Equatable {
            let name: String
        }
        let client = NetworkClient(baseURL: server.baseURL.appendingPathComponent("v0"))
        let request = NetworkRequest<Fields>.post("app/Design projects", body: Fields(name: "Ünïcode & more")).query(
            "typecast", "true"
        ).header("X-Trace", "t-1")
        let response = try await client.response(for: request)
        #expect(response.value == Fields(name: "Ünïcode & more"))
        #expect(response.status == 201)
        #expect(response.headers["x-echo"] == "t-1")
        let received = try #require(server.received.first)
        #expect(received.method == "POST")
        #expect(received.target == "/v0/app/Design%20projects?typecast=true")
        #expect(received.headers["content-type"] == "application/json")
    }

    @Test("A timeout under a second leaves that long between bytes (FoundationNetworking rounds it down to none)")
    func subSecondTimeout() async throws {
        // Chunks 50 ms apart: well inside a 300 ms timeout.
        let chunks = (0..<4).map { (0.05, Data("chunk \($0)\n".utf8)) }
        let server = try LoopbackServer { _ in .chunks(chunks) }
        defer { server.stop() }
        var client = NetworkClient(baseURL: server.baseURL, retryPolicy: .never)
        client.timeout = .milliseconds(300)
        let body = try await client.send(NetworkRequest<Data>.get("events"))
        #expect(String(decoding: body, as: UTF8.self) == "chunk 0\nchunk 1\nchunk 2\nchunk 3\n")
    }

    @Test("Streaming delivers chunks as they arrive, before the body ends")
    func streaming() async throws {
        // The server holds the body open after its chunks until it stops:
        // the reader must have them before that, and stops it.
        let server = try LoopbackServer { _ in
            .chunks([(0, Data("event: put\n".utf8)), (0, Data("data: {}\n\n".utf8))], holdOpen: 3600)
        }
        defer { server.stop() }
        let client = NetworkClient(baseURL: server.baseURL)
        let response = try await client.stream(
            NetworkRequest<Data>.get("posts.json").header("Accept", "text/event-stream"))
        #expect(response.status == 200)
        var text = ""
        for try await chunk in response.body {
            text += String(decoding: chunk, as: UTF8.self)
            if text == "event: put\ndata: {}\n\n" {
                server.stop()
            }
        }
        #expect(text == "event: put\ndata: {}\n\n")
    }

    @Test("A streaming request that fails reports the status as an error")
    func streamingFailure() async throws {
        let server = try LoopbackServer { _ in
            .respond(status: 401, body: Data(#"{"error" : "Permission denied"}"#.utf8))
        }
        defer { server.stop() }
        await #expect {
            try await NetworkClient(baseURL: server.baseURL).stream(NetworkRequest<Data>.get("a.json"))
        } throws: { error in
            guard case NetworkError.unauthenticated(let failure) = error else { return false }
            return failure.message?.message == "Permission denied"
        }
    }

    @Test("A chunk arrives as it is sent, long before the body ends", .timeLimit(.minutes(10)))
    func streamingCancel() async throws {
        // The body ends only when the server stops, after the test: a client
        // that buffered to the end would never see the chunk.
        let server = try LoopbackServer { _ in
            .chunks([(0, Data("data: 1\n\n".utf8))], holdOpen: 3600)
        }
        defer { server.stop() }
        let response = try await NetworkClient(baseURL: server.baseURL).stream(NetworkRequest<Data>.get("a.json"))
        let first = Task {
            for try await chunk in response.body {
                return chunk
            }
            return Data()
        }
        #expect(try await first.value == Data("data: 1\n\n".utf8))
    }

    @Test("Images are checked by signature and header size")
    func images() throws {
        let png = Data([
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0x2C, 0, 0, 0,
            0xC8, 8, 2, 0, 0, 0,
        ])
        let image = try RemoteImage(data: png)
        #expect(image.format == .png)
        #expect(image.width == 300 && image.height == 200)
        let gif = Data("GIF89a".utf8) + Data([0x40, 0x01, 0xF0, 0x00, 0, 0])
        #expect(try RemoteImage(data: gif).width == 320)
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        jpeg += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x02, 0x9B, 0x04, 0x00, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let decoded = try RemoteImage(data: Data(jpeg))
        #expect(decoded.format == .jpeg)
        #expect(decoded.width == 1024 && decoded.height == 667)
        #expect(throws: NetworkError.self) { try RemoteImage(data: Data([0xFF, 0xD8, 0xFF, 0xD9])) }
        #expect(throws: NetworkError.self) { try RemoteImage(data: Data()) }
        #expect(throws: NetworkError.self) { try RemoteImage(data: Data([0, 1, 2, 3, 4, 5, 6, 7, 8])) }
    }
}
