#if SandboxServer
    import NIOCore

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    extension SocketAddress {
        /// Whether the address is on this machine: IPv4 `127.0.0.0/8`, IPv6
        /// `::1`, an IPv4-mapped loopback address, or a Unix domain socket.
        ///
        /// Read from the address's bytes: every request asks, and formatting
        /// the address as text to compare prefixes showed in the server's
        /// profile.
        var isLoopback: Bool {
            switch self {
            case .v4(let address):
                return withUnsafeBytes(of: address.address.sin_addr) { $0.first == 127 }
            case .v6(let address):
                return withUnsafeBytes(of: address.address.sin6_addr) { bytes in
                    // `::1`, or `::ffff:127.x.y.z`.
                    let isOne = bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
                    let isMapped = bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                    return isOne || (isMapped && bytes[12] == 127)
                }
            case .unixDomainSocket:
                return true
            }
        }
    }
#endif
