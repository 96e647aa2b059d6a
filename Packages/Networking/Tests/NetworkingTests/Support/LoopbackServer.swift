import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and a free port, started and stopped
/// by the test that uses it. It answers one request per connection, which is
/// all `URLSessionTransport`'s round-trip tests need; the Sandbox server takes
/// this role for everything above the Networking package.
final class LoopbackServer: @unchecked Sendable {
    struct Received: Sendable {
        var method: String
        var target: String
        var headers: [String: String]
        var body: Data
    }

    enum Reply: Sendable {
        /// A complete response.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// The same after a pause.
        case delayed(TimeInterval, status: Int, body: Data)
        /// A chunked body, each chunk after its pause; the connection stays
        /// open `holdOpen` seconds after the last one, or until the server
        /// stops.
        case chunks([(TimeInterval, Data)], holdOpen: TimeInterval = 0)
        /// Promises `declared` bytes and sends `body` before closing.
        case truncated(declared: Int, body: Data, headers: [String: String] = [:])
        /// Closes the connection without answering.
        case drop
    }

    let port: Int
    private let listener: Int32
    private let handler: @Sendable (Received) -> Reply
    private let lock = NSCondition()
    private var log: [Received] = []
    private var stopped = false

    init(handler: @escaping @Sendable (Received) -> Reply) throws {
        self.handler = handler
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        // No SO_REUSEADDR: with it, port 0 may hand out a port whose
        // previous server still holds connections (a test's slow reply), and
        // a client's pooled connection to that port would then meet this
        // server's tests. Each server gets a port nobody else is using.
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

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var received: [Received] { lock.withLock { log } }

    /// Stops the server; calling it again does nothing, so the listener's
    /// descriptor is closed once (a second `close` would close whatever
    /// file another test has opened under the same number since).
    func stop() {
        let wasRunning = lock.withLock {
            defer {
                stopped = true
                lock.broadcast()
            }
            return !stopped
        }
        guard wasRunning else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Waits on this connection's thread until the server stops or
    /// `seconds` have passed.
    private func holdUntilStopped(atMost seconds: TimeInterval) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.withLock {
            while !stopped, lock.wait(until: deadline) {}
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if lock.withLock({ stopped }) { return }
                continue
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(from: connection) else { return }
        lock.withLock { log.append(request) }
        switch handler(request) {
        case .respond(let status, let headers, let body):
            write(
                head(status: status, headers: headers.merging(["Content-Length": "\(body.count)"]) { a, _ in a }), body,
                to: connection)
        case .delayed(let pause, let status, let body):
            Thread.sleep(forTimeInterval: pause)
            write(head(status: status, headers: ["Content-Length": "\(body.count)"]), body, to: connection)
        case .chunks(let chunks, let holdOpen):
            write(
                head(status: 200, headers: ["Transfer-Encoding": "chunked", "Content-Type": "text/event-stream"]),
                Data(), to: connection)
            for (pause, chunk) in chunks {
                Thread.sleep(forTimeInterval: pause)
                var framed = Data(String(chunk.count, radix: 16).utf8 + Array("\r\n".utf8))
                framed.append(chunk)
                framed.append(contentsOf: Array("\r\n".utf8))
                write(Data(), framed, to: connection)
            }
            holdUntilStopped(atMost: holdOpen)
            write(Data(), Data("0\r\n\r\n".utf8), to: connection)
        case .truncated(let declared, let body, let headers):
            write(
                head(status: 200, headers: headers.merging(["Content-Length": "\(declared)"]) { a, _ in a }), body,
                to: connection)
        case .drop:
            return
        }
    }

    private func head(status: Int, headers: [String: String]) -> Data {
        var text = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            text += "\(name): \(value)\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    private func write(_ head: Data, _ body: Data, to connection: Int32) {
        for data in [head, body] where !data.isEmpty {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let sent = send(
                        connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    if sent <= 0 { return }
                    offset += sent
                }
            }
        }
    }

    private func read(from connection: Int32) -> Received? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var data = Data()
        while true {
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
            var body = Data(data[end.upperBound...])
            let receiveMore = { () -> Bool in
                let more = recv(connection, &buffer, buffer.count, 0)
                guard more > 0 else { return false }
                body.append(contentsOf: buffer[0..<more])
                return true
            }
            if headers["transfer-encoding"]?.lowercased() == "chunked" {
                // A chunked body ends with a zero-size chunk and a blank line.
                while body.range(of: Data("0\r\n\r\n".utf8)) == nil || !Self.isComplete(chunked: body) {
                    guard receiveMore() else { return nil }
                }
                body = Self.dechunked(body)
            } else {
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while body.count < length {
                    guard receiveMore() else { return nil }
                }
            }
            return Received(method: String(parts[0]), target: String(parts[1]), headers: headers, body: body)
        }
    }

    /// Whether `data` holds a whole chunked body, its last chunk included.
    private static func isComplete(chunked data: Data) -> Bool {
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? -1
            guard size >= 0 else { return false }
            if size == 0 { return true }
            index = lineEnd.upperBound + size + 2
            guard index <= data.endIndex else { return false }
        }
        return false
    }

    /// The bytes of a chunked body, without its framing.
    private static func dechunked(_ data: Data) -> Data {
        var body = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            guard size > 0, lineEnd.upperBound + size <= data.endIndex else { break }
            body.append(data[lineEnd.upperBound..<lineEnd.upperBound + size])
            index = lineEnd.upperBound + size + 2
        }
        return body
    }
}
