import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Plain sockets to 127.0.0.1, each sent the same opening bytes (an event
/// stream's GET, or a WebSocket's handshake and first frame) and read
/// together with `poll`, so that a benchmark can tell when every one of
/// them has received a value. Only the last bytes each read are kept.
final class LoopbackListeners {
    private var descriptors: [Int32] = []
    private var tails: [[UInt8]]

    /// Connects `count` sockets to `port` and sends each `opening`.
    init(port: Int, count: Int, opening: [UInt8]) throws {
        tails = Array(repeating: [], count: count)
        for _ in 0..<count {
            guard let descriptor = Self.connected(port: port) else {
                throw failure("could not connect listener \(descriptors.count)")
            }
            descriptors.append(descriptor)
            guard send(descriptor, opening, opening.count, Int32(MSG_NOSIGNAL)) == opening.count else {
                throw failure("could not send to listener \(descriptors.count)")
            }
        }
    }

    /// A socket connected to 127.0.0.1:`port`, after `configure` has set
    /// its options; `nil` when it could not connect.
    static func connected(port: Int, configure: (Int32) -> Void = { _ in }) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        configure(descriptor)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    /// Reads every socket until each has received `marker`; false if one
    /// closed, or `timeout` passed first.
    func waitForAll(_ marker: String, timeout: Duration = .seconds(30)) -> Bool {
        let needle = Array(marker.utf8)
        var waiting = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var remaining = waiting.count
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + timeout
        while remaining > 0, ContinuousClock.now < deadline {
            guard poll(&waiting, nfds_t(waiting.count), 1000) >= 0 else { return false }
            for index in waiting.indices where waiting[index].fd >= 0 && waiting[index].revents != 0 {
                let count = recv(waiting[index].fd, &buffer, buffer.count, 0)
                guard count > 0 else { return false }
                var tail = tails[index] + buffer[0..<count]
                let found = tail.indices.dropLast(max(needle.count - 1, 0)).contains {
                    tail[$0..<($0 + needle.count)].elementsEqual(needle)
                }
                tail = Array(tail.suffix(needle.count))
                tails[index] = found ? [] : tail
                if found {
                    // Negative: poll skips it.
                    waiting[index].fd = -1
                    remaining -= 1
                }
            }
        }
        return remaining == 0
    }

    private func failure(_ text: String) -> BenchmarkFailure {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
        return BenchmarkFailure(text)
    }

    /// A WebSocket client's handshake for `path`, then `frames` as masked
    /// text frames, as RFC 6455 requires a client to send them.
    static func webSocketOpening(path: String, frames: [String]) -> [UInt8] {
        var bytes = Array(
            ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        for frame in frames {
            let payload = Array(frame.utf8)
            bytes.append(0x81)
            if payload.count < 126 {
                bytes.append(0x80 | UInt8(payload.count))
            } else {
                bytes += [
                    0x80 | 126, UInt8(truncatingIfNeeded: payload.count >> 8), UInt8(truncatingIfNeeded: payload.count),
                ]
            }
            bytes += mask
            bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        }
        return bytes
    }
}
