import Foundation

extension URL {
    /// Whether the URL names this machine: `localhost`, `::1`, or an IPv4
    /// literal in 127.0.0.0/8. A name such as `127.example.com` does not,
    /// whatever it resolves to. The Sandbox calls out (webhook pings,
    /// attachment downloads) only to such URLs unless told otherwise.
    public var isOnThisMachine: Bool {
        guard let host = host?.lowercased() else { return false }
        if ["localhost", "::1", "[::1]"].contains(host) { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Whether the URL is http or https and names a host: what the Sandbox
    /// may call out to at all.
    public var isHTTPWithHost: Bool {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(host ?? "").isEmpty
    }
}
