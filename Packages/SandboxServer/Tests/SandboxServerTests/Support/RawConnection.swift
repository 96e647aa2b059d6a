import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP connection to the server for what URLSession will not send:
/// malformed requests, huge heads, pipelined requests, connections cut
/// mid-request.
///
/// The socket calls block, so they run on a thread of their own rather than
/// on one of the few threads that run Swift tasks (and the server's
/// handlers).
final class RawConnection: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout`. A
    /// `receiveBuffer` (bytes) makes a reader that falls behind quickly.
    static func connect(port: Int, timeout: Duration = .seconds(300), receiveBuffer: Int32? = nil) async throws
        -> RawConnection
    {
        try await onThread {
            let fd = streamSocket()
            guard fd >= 0 else { throw Failure(description: "socket() failed: \(errno)") }
            if var size = receiveBuffer {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
                var noSignal: Int32 = 1
                setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    socketConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                close(fd)
                throw Failure(description: "connect() failed: \(errno)")
            }
            return RawConnection(descriptor: fd)
        }
    }

    /// Sends the bytes; a peer that already closed is not an error here
    /// (the server may answer and close before a large request is sent).
    func send(_ bytes: some Sequence<UInt8> & Sendable) async throws {
        let data = Array(bytes)
        try await Self.onThread { [descriptor] in
            var offset = 0
            while offset < data.count {
                let written = data[offset...].withUnsafeBytes { buffer in
                    socketSend(descriptor, buffer.baseAddress, buffer.count)
                }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Sends `chunk` again and again, up to `total` bytes, until the peer
    /// closes the connection (or stops reading for the send timeout);
    /// returns how many bytes it took.
    func sendRepeatedly(_ chunk: [UInt8], upTo total: Int) async throws -> Int {
        try await Self.onThread { [descriptor] in
            var sent = 0
            while sent < total {
                let written = chunk.withUnsafeBytes { buffer in
                    socketSend(descriptor, buffer.baseAddress, min(buffer.count, total - sent))
                }
                guard written > 0 else { break }
                sent += written
            }
            return sent
        }
    }

    /// Sends text as UTF-8.
    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    /// Reads what has arrived, waiting for at least a byte; empty once the
    /// server closed the connection.
    func readSome() async throws -> String {
        try await Self.onThread { [descriptor] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count >= 0 else { throw Failure(description: "read failed (\(errno))") }
            return String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Reads until the server closes the connection or `timeout` passes;
    /// returns everything read.
    func readUntilClosed() async throws -> String {
        try await Self.onThread { [descriptor] in
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count > 0 {
                    received += buffer[0..<count]
                } else if count == 0 || errno == ECONNRESET {
                    return String(decoding: received, as: UTF8.self)
                } else {
                    throw Failure(
                        description: "read failed (\(errno)) after: \(String(decoding: received, as: UTF8.self))")
                }
            }
        }
    }

    /// Reads until `count` complete responses with `Content-Length` bodies
    /// arrived (or the connection closed); returns their status codes.
    func readResponses(_ count: Int) async throws -> [Int] {
        try await Self.onThread { [descriptor] in
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let statuses = Self.completeResponses(in: received)
                if statuses.count >= count { return statuses }
                let read = recv(descriptor, &buffer, buffer.count, 0)
                guard read > 0 else { return statuses }
                received += buffer[0..<read]
            }
        }
    }

    /// Closes the connection now, even mid-request.
    func shutdown() async {
        socketShutdown(descriptor, reading: true)
    }

    /// Says the request is complete (half-close), while still reading.
    func shutdownWrite() async {
        socketShutdown(descriptor, reading: false)
    }

    private static func completeResponses(in bytes: [UInt8]) -> [Int] {
        var statuses: [Int] = []
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while let headEnd = rest.firstRange(of: separator) {
            let head = String(decoding: rest[rest.startIndex..<headEnd.lowerBound], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
                let status = Int(statusLine.split(separator: " ")[1])
            else { break }
            let length =
                lines.dropFirst().compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
            let bodyStart = headEnd.upperBound
            guard rest.distance(from: bodyStart, to: rest.endIndex) >= length else { break }
            statuses.append(status)
            rest = rest[rest.index(bodyStart, offsetBy: length)...]
        }
        return statuses
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

// The system calls, at file scope where RawConnection's own method names do
// not shadow them.

private func streamSocket() -> Int32 {
    #if canImport(Darwin)
        socket(AF_INET, SOCK_STREAM, 0)
    #else
        socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
}

private func socketConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func socketSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        send(fd, bytes, count, 0)
    #else
        send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
}

private func socketShutdown(_ fd: Int32, reading: Bool) {
    #if canImport(Darwin)
        _ = shutdown(fd, reading ? SHUT_RDWR : SHUT_WR)
    #else
        _ = shutdown(fd, Int32(reading ? SHUT_RDWR : SHUT_WR))
    #endif
}
