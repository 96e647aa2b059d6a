import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain socket that asks the server on 127.0.0.1:`port` for an event
/// stream at `path`, with a 4 KB receive buffer so that a reader that falls
/// behind fills the server's side soon; the caller reads it (or not) and
/// closes it. `nil` when the connection could not be made.
enum EventStreamSocket {
    static func open(port: Int, path: String) -> Int32? {
        let connected = LoopbackListeners.connected(port: port) { descriptor in
            var size: Int32 = 4096
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        guard let descriptor = connected else { return nil }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return descriptor
    }
}
