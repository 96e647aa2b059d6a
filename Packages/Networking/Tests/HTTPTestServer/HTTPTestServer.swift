import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project's one test HTTP server: HTTP/1.1 at the byte level on
/// 127.0.0.1 and a free port, started and stopped by the test that uses it.
///
/// Speaking bytes rather than a framework's types lets it send what a proper
/// server never would: a `Content-Length` larger than the body, a body that
/// never ends, thousands of header fields, bytes one at a time. Each
/// connection carries one request (`Connection: close`); what the server does
/// on it is a list of ``Step``s chosen by the test's routes. Every loop that
/// writes is bounded in bytes and time, so a test cannot leave it running.
/// Networking's transport tests and the integration suite's hostile server
/// both use it.
package final class HTTPTestServer: @unchecked Sendable {
    /// A request as it arrived.
    package struct Received: Sendable {
        /// The method token.
        package var method: String
        /// The request target as sent: the path and query, percent-encoded.
        package var target: String
        /// The target's path, decoded.
        package var path: String
        /// The target's query items, decoded (the last of a repeated name).
        package var query: [String: String]
        /// The header fields, names lowercased.
        package var headers: [String: String]
        /// The body, without chunked framing.
        package var body: Data
    }

    /// What the server does on a connection, in order.
    package enum Step: Sendable {
        /// Writes the bytes.
        case send(Data)
        /// Waits.
        case pause(TimeInterval)
        /// Writes `chunk` again and again, as chunked-encoding chunks, until
        /// the client goes away, `limit` bytes were sent or `duration` passed.
        case endless(chunk: Data, limit: Int = 256 << 20, duration: TimeInterval = 20)
        /// Keeps the connection open until the server stops, the client
        /// closes it (counted in ``clientClosures``), or `seconds` have passed.
        case holdOpen(atMost: TimeInterval)
    }

    /// The port it listens on.
    package let port: Int
    private let listener: Int32
    private let routes: @Sendable (Received, HTTPTestServer) -> [Step]
    private let readsBody: @Sendable (_ target: String) -> Bool
    private let lock = NSCondition()
    // Guarded by `lock`.
    private var log: [Received] = []
    private var stopped = false
    private var closures = 0
    private var serving = 0

    /// Starts a server that answers each request with the steps `routes`
    /// returns. `readsBody` says whether a request's body is read before it
    /// is answered (a server refusing an upload does not read it).
    package init(
        readsBody: @escaping @Sendable (_ target: String) -> Bool = { _ in true },
        routes: @escaping @Sendable (Received, HTTPTestServer) -> [Step]
    ) throws {
        self.routes = routes
        self.readsBody = readsBody
        // No SO_REUSEADDR: with it, port 0 may hand out a port whose
        // previous server still holds connections (a test's slow reply), and
        // a client's pooled connection to that port would then meet this
        // server's tests. Each server gets a port nobody else is using.
        let (descriptor, port) = try LoopbackSocket.make(reusingAddress: false)
        guard listen(descriptor, 64) == 0 else {
            let error = LoopbackSocket.lastError
            close(descriptor)
            throw error
        }
        listener = descriptor
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:<port>`.
    package var baseURL: URL { LoopbackSocket.baseURL(port: port) }

    /// Every request received so far.
    package var received: [Received] { lock.withLock { log } }

    /// How many connections the client closed before the server was done
    /// with them (a write failed, or a ``Step/holdOpen(atMost:)`` saw the
    /// close): what a client that lets go of a response does.
    package var clientClosures: Int { lock.withLock { closures } }

    /// Returns once no connection is being served: every one has run its
    /// steps, or been closed.
    package func waitUntilIdle() {
        lock.withLock {
            while serving > 0 { lock.wait() }
        }
    }

    /// Stops the server; calling it again does nothing, so the listener's
    /// descriptor is closed once (a second `close` would close whatever
    /// file another test has opened under the same number since).
    package func stop() {
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

    /// A response head with `Connection: close`, `headers` in name order,
    /// then `extra` as given (repeated names allowed).
    package static func head(
        _ status: Int, _ headers: [String: String] = [:], extra: [(String, String)] = []
    ) -> Data {
        var text = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) + extra {
            text += "\(name): \(value)\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    /// A complete response: `headers` and the body's `Content-Length`.
    package static func reply(_ status: Int, _ headers: [String: String], _ body: Data = Data()) -> [Step] {
        var fields = headers
        fields["Content-Length"] = "\(body.count)"
        return [.send(head(status, fields) + body)]
    }

    /// `data` framed as one chunk of a chunked body.
    package static func chunk(_ data: Data) -> Data {
        var framed = Data(String(data.count, radix: 16).utf8 + Array("\r\n".utf8))
        framed.append(data)
        framed.append(contentsOf: Array("\r\n".utf8))
        return framed
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if isStopped { return }
                continue
            }
            lock.withLock { serving += 1 }
            Thread.detachNewThread { [self] in
                serve(connection)
                lock.withLock {
                    serving -= 1
                    lock.broadcast()
                }
            }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(from: connection) else { return }
        lock.withLock { log.append(request) }
        for step in routes(request, self) {
            switch step {
            case .send(let data):
                guard write(data, to: connection) else {
                    lock.withLock { closures += 1 }
                    return
                }
            case .pause(let seconds):
                Thread.sleep(forTimeInterval: seconds)
            case .endless(let chunk, let limit, let duration):
                let framed = Self.chunk(chunk)
                let end = Date().addingTimeInterval(duration)
                var sent = 0
                while sent < limit, Date() < end, !isStopped, write(framed, to: connection) {
                    sent += chunk.count
                }
                return
            case .holdOpen(let seconds):
                let deadline = Date(timeIntervalSinceNow: seconds)
                while !isStopped, Date() < deadline {
                    if Self.peerClosed(connection) {
                        lock.withLock { closures += 1 }
                        return
                    }
                }
            }
        }
    }

    /// Waits up to 20 ms for the client to close `connection`; `true` when
    /// it has (a read would return end of file or an error).
    private static func peerClosed(_ connection: Int32) -> Bool {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 20) > 0 else { return false }
        var byte: UInt8 = 0
        guard recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 else { return true }
        // Bytes the server does not read: not a close; wait out the slice.
        Thread.sleep(forTimeInterval: 0.02)
        return false
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

    /// Reads one request: a head of at most 1 MiB, then a body of at most
    /// 32 MiB, by `Content-Length` or to its last chunk.
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
            let target = String(parts[1])
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            let reads = readsBody(target)
            let length = reads ? min(Int(headers["content-length"] ?? "0") ?? 0, 32 << 20) : 0
            let isChunked = reads && headers["transfer-encoding"]?.lowercased() == "chunked"
            var body = Data(data[end.upperBound...])
            while body.count < length || isChunked && !Self.isComplete(chunked: body) {
                guard body.count < 32 << 20 else { return nil }
                let more = recv(connection, &buffer, buffer.count, 0)
                guard more > 0 else { return nil }
                body.append(contentsOf: buffer[0..<more])
            }
            let components = URLComponents(string: target)
            var query: [String: String] = [:]
            for item in components?.queryItems ?? [] {
                query[item.name] = item.value ?? ""
            }
            return Received(
                method: String(parts[0]), target: target, path: components?.path ?? target, query: query,
                headers: headers, body: isChunked ? Self.dechunked(body) : body)
        }
        return nil
    }

    /// Whether `data` holds a whole chunked body, its last chunk included.
    private static func isComplete(chunked data: Data) -> Bool {
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? -1
            guard size >= 0, size < 1 << 32 else { return false }
            if size == 0 { return data[lineEnd.upperBound...].range(of: Data("\r\n".utf8)) != nil }
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
            guard size > 0, size < 1 << 32, lineEnd.upperBound + size <= data.endIndex else { break }
            body.append(data[lineEnd.upperBound..<lineEnd.upperBound + size])
            index = lineEnd.upperBound + size + 2
        }
        return body
    }
}
