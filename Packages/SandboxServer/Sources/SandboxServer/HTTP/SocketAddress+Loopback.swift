import NIOCore

extension SocketAddress {
    /// Whether the address is on this machine: IPv4 `127.0.0.0/8`, IPv6
    /// `::1`, an IPv4-mapped loopback address, or a Unix domain socket.
    var isLoopback: Bool {
        switch self {
        case .v4:
            return ipAddress?.hasPrefix("127.") ?? false
        case .v6:
            guard let address = ipAddress?.lowercased() else { return false }
            return address == "::1" || address.hasPrefix("::ffff:127.")
        case .unixDomainSocket:
            return true
        }
    }
}
