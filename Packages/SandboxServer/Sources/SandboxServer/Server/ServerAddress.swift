#if SandboxServer
    import Foundation
    import NIOCore

    /// The URL clients use for a bound server socket.
    enum ServerAddress {
        /// `http://HOST:PORT/`-style base URL (without the trailing slash) for
        /// the address the server is bound to. An unspecified address (`0.0.0.0`,
        /// `::`) is reached through the loopback address of its family.
        static func baseURL(for address: SocketAddress?, requestedHost: String, port: Int) -> URL? {
            var host = address?.ipAddress ?? requestedHost
            switch host {
            case "0.0.0.0": host = "127.0.0.1"
            case "::": host = "::1"
            default: break
            }
            let authority = host.contains(":") ? "[\(host)]" : host
            return URL(string: "http://\(authority):\(port)")
        }
    }
#endif
