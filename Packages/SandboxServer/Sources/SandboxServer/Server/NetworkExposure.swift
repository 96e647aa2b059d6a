#if SandboxServer
    import Foundation
    import NIOCore

    /// What binding the Sandbox to an address other than loopback exposes, and
    /// the URLs a phone or another machine on the same network uses then.
    public struct NetworkExposure: Sendable, Equatable {
        /// Whether anything beyond this machine can reach the server.
        public var isExposed: Bool
        /// The base URLs other devices use: one per network address of this
        /// machine (IPv4 first) when bound to all of them (`0.0.0.0`, `::`), the
        /// address itself when bound to one; none on loopback.
        public var deviceURLs: [URL]

        /// The exposure of a server bound to `host` on `port`; `interfaces`
        /// lists this machine's addresses (injectable for tests).
        public init(host: String, port: Int, interfaces: [String] = NetworkExposure.interfaceAddresses()) {
            let unspecified = host == "0.0.0.0" || host == "::"
            isExposed = !Self.isLoopback(host)
            let hosts: [String] = isExposed ? (unspecified ? interfaces.filter { !Self.isLoopback($0) } : [host]) : []
            deviceURLs = hosts.compactMap { address in
                URL(string: "http://\(address.contains(":") ? "[\(address)]" : address):\(port)")
            }
        }

        /// The warning `sandbox` prints when exposed: what becomes reachable
        /// and what stays local.
        public func warning(allowsRemoteAdmin: Bool) -> String? {
            guard isExposed else { return nil }
            let admin =
                allowsRemoteAdmin
                ? "The admin routes (/__sandbox/: faults, latency, the request log with its redacted requests) are open "
                    + "to them too (--allow-remote-admin)."
                : "The admin routes (/__sandbox/) still answer this machine only, 403 to anyone else."
            return "WARNING: the Sandbox is reachable from the network: every device that can reach this machine can "
                + "read and write the four emulators' data (Firebase, Airtable, Bankey, SooGreyhounds) with the "
                + "credentials printed below. " + admin + " Bind to 127.0.0.1 (the default) when no device needs it."
        }

        /// This machine's IPv4 and IPv6 addresses, IPv4 first, loopback and
        /// link-local IPv6 left out (a device cannot use those in a URL).
        public static func interfaceAddresses() -> [String] {
            let devices = (try? System.enumerateDevices()) ?? []
            var v4: [String] = []
            var v6: [String] = []
            for device in devices {
                guard let socket = device.address, !socket.isLoopback, let address = socket.ipAddress else { continue }
                if address.contains(":") {
                    if !address.lowercased().hasPrefix("fe80") { v6.append(address) }
                } else {
                    v4.append(address)
                }
            }
            return Array(Set(v4)).sorted() + Array(Set(v6)).sorted()
        }

        /// The same test the server applies to its callers
        /// (`SocketAddress.isLoopback`), for a host given as text.
        private static func isLoopback(_ host: String) -> Bool {
            host == "localhost" || ((try? SocketAddress(ipAddress: host, port: 0))?.isLoopback ?? false)
        }
    }
#endif
