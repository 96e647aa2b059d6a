#if SandboxServer
    import Foundation
    import NIOCore

    /// Who may use the admin routes and the console: callers on this machine
    /// (or anyone, with ``SandboxServerOptions/allowsRemoteAdmin``), addressed
    /// by a name no web page can take over, and never a page on another site.
    ///
    /// A browser on this machine is a local caller, so a page from anywhere
    /// could otherwise drive `http://127.0.0.1:PORT/__sandbox/`: post faults
    /// with a form or a `text/plain` fetch (no preflight), or, by pointing a
    /// name it controls at 127.0.0.1 (DNS rebinding), read the console's
    /// credentials as a same-origin page, with no `Sec-Fetch-*` or foreign
    /// `Origin` to give it away. So, whatever the other headers say:
    ///
    /// - `Host` must be a loopback name or address (`localhost`, a name under
    ///   `.localhost`, `127.0.0.0/8`, `::1`), the address the server bound, or
    ///   a name given with `--admin-host`: no one else's name can reach these
    ///   routes, rebound or not. Bound to all addresses for a phone, the
    ///   phone's URL reaches the APIs only (with `--allow-remote-admin`, the
    ///   admin routes too);
    /// - a request that says where it comes from (`Origin`, `Sec-Fetch-Site`)
    ///   must come from the sandbox's own pages to use the API; a page
    ///   elsewhere may still link to the console.
    struct AdminAccess: Sendable {
        /// Whether callers on other machines are served.
        var allowsRemote: Bool
        /// The host names and addresses, besides loopback ones, that `Host` may
        /// name, lowercased, IPv6 without brackets.
        var hostNames: Set<String>

        /// Access for a server bound to `host`: the address it bound, and
        /// `adminHosts`. Bound to all addresses (`0.0.0.0`, `::`) for a phone,
        /// the machine's network addresses name the APIs only, unless other
        /// machines may use the admin routes too (`allowsRemote`), which they
        /// reach by those addresses.
        init(allowsRemote: Bool, boundHost: String, adminHosts: [String], interfaces: () -> [String]) {
            self.allowsRemote = allowsRemote
            let unspecified = boundHost == "0.0.0.0" || boundHost == "::"
            let own = unspecified ? (allowsRemote ? interfaces() : []) : [boundHost]
            hostNames = Set((own + adminHosts).map { Self.hostName(of: $0) })
        }

        /// Why the request may not use the admin routes at all, or `nil`.
        func refusal(isLocal: Bool, host: String?) -> String? {
            guard isLocal || allowsRemote else {
                return "The admin routes answer local requests only (sandbox --allow-remote-admin to change it)."
            }
            guard let host, isAllowed(host: host) else {
                return "The admin routes answer requests addressed to localhost, a loopback address or the sandbox's "
                    + "own address only (sandbox --admin-host NAME adds a name)."
            }
            return nil
        }

        /// Why a web page may not use the API routes, or `nil`: it came from
        /// another site (`Sec-Fetch-Site`), or from another origin than the
        /// one it addressed (`Origin`).
        func crossSiteRefusal(host: String?, origin: String?, fetchSite: String?) -> String? {
            let site = fetchSite?.lowercased()
            let sameOrigin = origin.map { origin in
                host.map { origin.caseInsensitiveCompare("http://" + $0) == .orderedSame } ?? false
            }
            guard site != "cross-site", site != "same-site", sameOrigin ?? true else {
                return "The admin routes do not answer requests from other web pages."
            }
            return nil
        }

        /// Whether `host` (a `Host` header, with or without a port) names this
        /// sandbox in a way no one else can.
        func isAllowed(host: String) -> Bool {
            let name = Self.hostName(of: host)
            if name == "localhost" || name.hasSuffix(".localhost") || hostNames.contains(name) { return true }
            return (try? SocketAddress(ipAddress: name, port: 0))?.isLoopback ?? false
        }

        /// The name without its port, lowercased, IPv6 without brackets:
        /// `[::1]:80` → `::1`, `Localhost:80` → `localhost`, `::1` → `::1`.
        static func hostName(of host: String) -> String {
            let lowered = host.lowercased()
            if lowered.hasPrefix("["), let end = lowered.firstIndex(of: "]") {
                return String(lowered[lowered.index(after: lowered.startIndex)..<end])
            }
            // A bare IPv6 address (as the bound address is given) has colons
            // of its own: only an IPv4 address or a name carries a port.
            guard lowered.filter({ $0 == ":" }).count == 1 else { return lowered }
            return String(lowered.prefix { $0 != ":" })
        }
    }
#endif
