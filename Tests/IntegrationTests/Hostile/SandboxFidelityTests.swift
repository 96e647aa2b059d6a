import AirtableClient
import Foundation
import HTTPTestServer
import Networking
import Sandbox
import SandboxServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Bad bodies get each service's own documented answer, over real HTTP.
@Suite("Sandbox fidelity under bad input", .timeLimit(.minutes(10)))
struct SandboxFidelityTests {
    static let invalidUTF8 = Data(#"{"fields":{"Name":""#.utf8) + Data([0xC3, 0x28, 0xFF]) + Data(#""}}"#.utf8)

    /// A server whose bodies are capped at 1 MiB (Firebase) and 512 KiB
    /// (Airtable), so limits are reached quickly.
    func withSmallServer(_ body: (SandboxServer, NetworkClient, NetworkClient) async throws -> Void) async throws {
        var configuration = SandboxConfiguration()
        configuration.airtable.rateLimitEnabled = false
        configuration.firebase.maxBodySize = 1 << 20
        configuration.airtable.maxBodySize = 512 << 10
        try await SandboxServer.withServer(SandboxServerOptions(port: 0, configuration: configuration)) { server in
            let firebase = NetworkClient(baseURL: server.baseURL, retryPolicy: .never)
            var airtable = firebase
            airtable.service = .airtable
            airtable.headers["Authorization"] = "Bearer \(AirtableEmulator.Configuration.defaultToken)"
            try await body(server, firebase, airtable)
        }
    }

    static let table = "v0/\(AirtableEmulator.lessonBaseID)/\(AirtableEmulator.lessonTableID)"

    func answer(_ client: NetworkClient, _ request: NetworkRequest<Data>) async -> (Int?, String?, String?) {
        do {
            _ = try await client.send(request)
            return (200, nil, nil)
        } catch {
            // Airtable's `type` is read by AirtableClient's reader: these raw
            // Plain clients; the Airtable one names its service, so
            // `airtableError` reads its bodies.
            if let airtable = error.airtableError {
                return (error.status, airtable.type.rawValue, airtable.message)
            }
            return (error.status, error.failure?.message?.code, error.failure?.message?.message)
        }
    }

    @Test("An Airtable body that is not JSON is a 400; JSON that is not an object stays a 422")
    func airtableBodies() async throws {
        try await withSmallServer { _, _, airtable in
            for (body, expected) in [("{not json", 400), ("[1,2]", 422), ("", 400)] {
                let request = NetworkRequest<Data>(method: .post, path: Self.table)
                    .body(Data(body.utf8), contentType: "application/json")
                let (status, code, _) = await answer(airtable, request)
                #expect(status == expected, "\(body)")
                #expect(code == "INVALID_REQUEST_UNKNOWN")
            }
        }
    }

    @Test("Invalid UTF-8 inside a JSON string is each service's parse error, and nothing is stored")
    func invalidUTF8() async throws {
        try await withSmallServer { server, firebase, airtable in
            let before = await server.sandbox.airtable.recordCount(inTable: AirtableEmulator.lessonTableName)
            let create = NetworkRequest<Data>(method: .post, path: Self.table).body(
                Self.invalidUTF8, contentType: "application/json")
            #expect(await answer(airtable, create).0 == 400)
            #expect(await server.sandbox.airtable.recordCount(inTable: AirtableEmulator.lessonTableName) == before)

            let put = NetworkRequest<Data>(method: .put, path: "utf8/a").pathExtension("json").query("ns", "fidelity")
                .body(Data([0x22, 0xFF, 0xFE, 0x22]), contentType: "application/json")
            let (status, _, message) = await answer(firebase, put)
            #expect(status == 400)
            #expect(message == "Invalid data; couldn't parse JSON object, array, or value.")
            let stored = try await server.sandbox.firebase.value(at: "utf8", namespace: "fidelity")
            #expect(stored == .null)
        }
    }

    @Test("Bodies over the server's limit get the service's own error envelope")
    func oversized() async throws {
        try await withSmallServer { _, firebase, airtable in
            let large = Data(repeating: UInt8(ascii: "a"), count: 2 << 20)
            let create = NetworkRequest<Data>(method: .post, path: Self.table).body(
                large, contentType: "application/json")
            let (status, code, _) = await answer(airtable, create)
            #expect(status == 413)
            #expect(code == "REQUEST_TOO_LARGE")
            let put = NetworkRequest<Data>(method: .put, path: "big").pathExtension("json").body(
                large, contentType: "application/json")
            let (firebaseStatus, _, message) = await answer(firebase, put)
            #expect(firebaseStatus == 400)
            #expect(message?.hasPrefix("Data to write exceeds") == true)
        }
    }

    @Test("A Firebase string over 10 MB is refused")
    func longString() async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let firebase = NetworkClient(baseURL: server.baseURL, retryPolicy: .never)
            let text = String(repeating: "a", count: (10 << 20) + 1)
            let (status, _, message) = await answer(
                firebase, NetworkRequest<Data>.put("long", body: text).pathExtension("json").query("ns", "long"))
            #expect(status == 400)
            #expect(message?.contains("string is longer than") == true)
            let fits = String(repeating: "a", count: 10 << 20)
            #expect(
                await answer(
                    firebase, NetworkRequest<Data>.put("long", body: fits).pathExtension("json").query("ns", "long")
                )
                .0 == 200)
        }
    }

    @Test("A chunked upload over the limit is answered 413 and the connection closes")
    func chunkedUpload() async throws {
        try await withSmallServer { server, _, _ in
            let port = server.baseURL.port ?? 80
            let path = "/\(Self.table)"
            let answer = try await Blocking.run {
                let socket = try RawConnection(port: port)
                defer { socket.close() }
                socket.send(
                    Data(
                        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
                            .utf8))
                let chunk = Data(repeating: UInt8(ascii: "a"), count: 3 << 20)
                socket.send(Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8))
                // No final chunk: a server still reading would wait for it forever.
                return try socket.readUntilClosed(deadline: Date().addingTimeInterval(20))
            }
            let text = String(decoding: answer, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 413"))
            #expect(text.contains("REQUEST_TOO_LARGE"))
        }
    }
}

/// A bare TCP connection to the loopback server, for what no HTTP client
/// sends. Its calls block: use it inside `Blocking.run`.
struct RawConnection {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    /// Writes as much of `data` as the server takes; stops quietly when it
    /// stops taking it.
    func send(_ data: Data) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Everything the server sends until it closes the connection; throws
    /// if it is still open at `deadline`.
    func readUntilClosed(deadline: Date) throws -> Data {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var received = Data()
        while Date() < deadline {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return received }
            if count > 0 { received.append(contentsOf: buffer[0..<count]) }
            if count < 0, errno != EAGAIN, errno != EWOULDBLOCK { return received }
        }
        throw POSIXError(.ETIMEDOUT)
    }

    func close() {
        Glibc.close(descriptor)
    }
}
