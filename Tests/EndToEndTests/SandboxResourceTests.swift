import Foundation
import HTTPTestServer
import Networking
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Resource bounds of the `sandbox` server, measured on its own process.
@Suite(
    "Sandbox resources under hostile clients", .timeLimit(.minutes(10)),
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
struct SandboxResourceTests {
    @Test("A stream reader that stops reading is dropped, and the server's memory comes back")
    func slowReader() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var client = NetworkClient(baseURL: sandbox.baseURL, retryPolicy: .never)
        client.query = [QueryItem(name: "ns", value: "slow")]
        let chunk = String(repeating: "x", count: 16 << 10)
        // Warm up the paths the test uses, and fill the request log's body
        // budget (8 MiB, kept on purpose for the console), so the baseline
        // includes both.
        for index in 0..<400 {
            try await client.send(NetworkRequest<Void>.put("warm/\(index % 5)", body: chunk).pathExtension("json"))
        }
        try await Task.sleep(for: .milliseconds(500))
        let baseline = try #require(sandbox.residentBytes)

        let url = sandbox.baseURL
        let reader = try await Blocking.run { try StalledReader(url: url, path: "/slow.json?ns=slow") }
        // 1,500 events of 16 KB: 24 MB the reader never takes.
        for index in 0..<1500 {
            try await client.send(NetworkRequest<Void>.put("slow/\(index % 10)", body: chunk).pathExtension("json"))
        }
        // The server gave up on the reader: what it sent ends, at most the
        // backlog limit and the socket buffers, far less than 24 MB.
        let received = try await Blocking.run { try reader.drainToEnd() }
        #expect(received < 16 << 20, "the reader received \(received) bytes before the server closed")

        try await Task.sleep(for: .seconds(1))
        let after = try #require(sandbox.residentBytes)
        #expect(
            after - baseline < 16 << 20,
            "resident memory grew from \(baseline >> 20) MB to \(after >> 20) MB")
        // And the server answers as before.
        let health = try await NetworkClient(baseURL: sandbox.baseURL, retryPolicy: .never)
            .send(NetworkRequest<[String: String]>.get("__sandbox/health"))
        #expect(health == ["status": "ok"])
    }
}

/// A server-sent event client that subscribes and then stops reading, with
/// a small receive buffer so the server feels it at once. Its calls block:
/// use it inside `Blocking.run`.
struct StalledReader: Sendable {
    let socket: Int32

    init(url: URL, path: String) throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var size: Int32 = 4096
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(url.port ?? 80).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        socket = descriptor
    }

    /// Reads until the server closes the connection and returns how many
    /// bytes arrived; closes the socket. A server that never closes it
    /// fails the test after five minutes instead of hanging it.
    func drainToEnd() throws -> Int {
        defer { close(socket) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var total = 0
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return total }
            if count > 0 { total += count }
        }
        throw ExampleProcess.Failure(description: "the server kept the stalled stream open (\(total) bytes sent)")
    }
}
