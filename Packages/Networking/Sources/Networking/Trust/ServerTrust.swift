import Foundation

/// Which servers a transport trusts over HTTPS: the system's certificate
/// authorities (the default), extra ones of your own, and public-key pins.
///
/// One value configures both transports. Give it to
/// `URLSessionTransport(configuration:trust:)` or
/// `AsyncHTTPClientTransport(trust:)`:
///
/// ```swift
/// // A staging server whose certificate a company authority issued.
/// let authority = try ServerTrust.Certificate.pem(contentsOf: caFile)
/// let trust = ServerTrust.certificateAuthorities(authority)
///
/// // A banking API whose key is pinned, with a backup pin.
/// let pinned = ServerTrust.system.pinning(
///     "api.bank.example", to: [primaryPin, backupPin])
/// ```
///
/// Where a transport cannot enforce a setting on its platform, making the
/// transport throws ``NetworkError/unsupportedConfiguration(_:)``: trust is
/// never silently weakened. What each enforces:
///
/// | | authorities | pins |
/// |---|---|---|
/// | URLSession, Apple platforms | yes | yes |
/// | URLSession, Linux (FoundationNetworking) | system only | no |
/// | AsyncHTTPClient | yes | no |
///
/// FoundationNetworking gives a session no way to set its certificate
/// authorities or to see the server's certificate, and AsyncHTTPClient 1.x
/// none to check a server's key during the handshake. Where pins cannot be
/// enforced, trusting only your own authority
/// (`certificateAuthorities(_:includingSystem: false)`) pins the issuer instead.
public struct ServerTrust: Sendable, Hashable, CustomStringConvertible {
    /// Extra certificate authorities, trusted for every host.
    public private(set) var certificateAuthorities: [Certificate]
    /// Whether the system's own authorities are trusted too.
    public private(set) var includesSystemAuthorities: Bool
    /// Public-key pins by host name (lowercased): a server of that host is
    /// trusted only if a key in its chain matches one of them.
    public private(set) var pins: [String: [PublicKeyPin]]

    private init(certificateAuthorities: [Certificate], includesSystemAuthorities: Bool, pins: [String: [PublicKeyPin]])
    {
        self.certificateAuthorities = certificateAuthorities
        self.includesSystemAuthorities = includesSystemAuthorities
        self.pins = pins
    }

    /// The system's certificate authorities, and nothing else: what every
    /// transport does when given no trust.
    public static let system = ServerTrust(certificateAuthorities: [], includesSystemAuthorities: true, pins: [:])

    /// Trusts the given authorities, beside the system's or, with
    /// `includingSystem` false, instead of them.
    public static func certificateAuthorities(_ authorities: [Certificate], includingSystem: Bool = true) -> ServerTrust
    {
        ServerTrust(certificateAuthorities: authorities, includesSystemAuthorities: includingSystem, pins: [:])
    }

    /// The same trust, with `host`'s servers trusted only when a key of
    /// their chain matches one of `pins`. Give a backup pin beside the
    /// current one, so a key can be rotated without an app update.
    public func pinning(_ host: String, to pins: [PublicKeyPin]) -> ServerTrust {
        var copy = self
        copy.pins[host.lowercased()] = pins
        return copy
    }

    /// The pins set for `host`, if any.
    public func pins(for host: String) -> [PublicKeyPin]? {
        pins[host.lowercased()]
    }

    /// Whether this is ``system``: no authorities of its own and no pins.
    public var isSystem: Bool {
        self == .system
    }

    /// What it trusts, in one line.
    public var description: String {
        var parts: [String] = []
        if includesSystemAuthorities { parts.append("the system's authorities") }
        if !certificateAuthorities.isEmpty { parts.append("\(certificateAuthorities.count) authorities of the app's") }
        if !pins.isEmpty { parts.append("pins for \(pins.keys.sorted().joined(separator: ", "))") }
        return "ServerTrust(" + (parts.isEmpty ? "nothing" : parts.joined(separator: "; ")) + ")"
    }
}
