import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server that misbehaves the way real ones do, on 127.0.0.1 and a free
/// port, started and stopped by the test that uses it: the SDK's own
/// counterpart of the local server Alamofire tests against.
///
/// It speaks HTTP/1.1 at the byte level so it can send what a proper server
/// framework never would: a `Content-Length` larger than the body, a body
/// that never ends, thousands of header fields, bytes one at a time. Each
/// connection carries one request (`Connection: close`), and every loop
/// that writes is bounded in bytes and time, so a test cannot leave it
/// running.
final class HostileServer: @unchecked Sendable {
    /// A request as it arrived.
    struct Received: Sendable {
        var method: String
        var path: String
        var query: [String: String]
        /// Field names lowercased.
        var headers: [String: String]
        var body: Data
    }

    /// What the server does on the connection, in order.
    enum Step: Sendable {
        /// Writes the bytes.
        case send(Data)
        /// Waits.
        case pause(TimeInterval)
        /// Writes `chunk` again and again, as chunked-encoding chunks, until
        /// the client goes away, `limit` bytes were sent or `duration` passed.
        case endless(chunk: Data, limit: Int = 256 << 20, duration: TimeInterval = 20)
    }

    let port: Int
    private let listener: Int32
    private let routes: @Sendable (Received, HostileServer) -> [Step]
    private let lock = NSLock()
    private var log: [Received] = []
    private var stopped = false

    private init(routes: @escaping @Sendable (Received, HostileServer) -> [Step]) throws {
        self.routes = routes
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Starts a server with `routes`, runs `body`, and stops the server
    /// even when `body` throws.
    @discardableResult
    static func run<T>(
        routes: @escaping @Sendable (Received, HostileServer) -> [Step] = HostileRoutes.respond,
        _ body: (HostileServer) async throws -> T
    ) async throws -> T {
        let server = try HostileServer(routes: routes)
        defer { server.stop() }
        return try await body(server)
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The same server under another origin: `http://localhost:<port>`.
    var otherOriginURL: URL { URL(string: "http://localhost:\(port)")! }

    /// Every request received so far.
    var received: [Received] { lock.withLock { log } }

    private func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if isStopped { return }
                continue
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(from: connection) else { return }
        lock.withLock { log.append(request) }
        for step in routes(request, self) {
            switch step {
            case .send(let data):
                guard write(data, to: connection) else { return }
            case .pause(let seconds):
                Thread.sleep(forTimeInterval: seconds)
            case .endless(let chunk, let limit, let duration):
                var framed = Data(String(chunk.count, radix: 16).utf8 + Array("\r\n".utf8))
                framed.append(chunk)
                framed.append(contentsOf: Array("\r\n".utf8))
                let end = Date().addingTimeInterval(duration)
                var sent = 0
                while sent < limit, Date() < end, !isStopped, write(framed, to: connection) {
                    sent += chunk.count
                }
                return
            }
        }
    }

    /// Writes all of `data`; `false` once the client has gone away.
    private func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private static func endsChunked(_ body: Data) -> Bool {
        body.starts(with: Data("0\r\n\r\n".utf8)) || body.suffix(7) == Data("\r\n0\r\n\r\n".utf8)
    }

    private func read(from connection: Int32) -> Received? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var data = Data()
        while data.count < 1 << 20 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
            guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let parts = lines[0].split(separator: " ")
            guard parts.count >= 2 else { return nil }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            // `/refuse-upload` answers without reading the body, as a server
            // refusing an upload does.
            let refuses = parts[1].hasPrefix("/refuse-upload")
            let length = refuses ? 0 : min(Int(headers["content-length"] ?? "0") ?? 0, 16 << 20)
            var body = Data(data[end.upperBound...])
            // A chunked body is read to its last chunk, kept as framed.
            let isChunked = !refuses && headers["transfer-encoding"]?.lowercased() == "chunked"
            while body.count < length || isChunked && !Self.endsChunked(body) {
                guard body.count < 32 << 20 else { return nil }
                let more = recv(connection, &buffer, buffer.count, 0)
                guard more > 0 else { return nil }
                body.append(contentsOf: buffer[0..<more])
            }
            let components = URLComponents(string: String(parts[1]))
            var query: [String: String] = [:]
            for item in components?.queryItems ?? [] {
                query[item.name] = item.value ?? ""
            }
            return Received(
                method: String(parts[0]), path: components?.path ?? String(parts[1]), query: query,
                headers: headers, body: body)
        }
        return nil
    }
}
