import Foundation

/// A secure connection that could not be made, and why.
///
/// ``NetworkError/tlsFailed(_:)`` carries it, on every transport: a
/// certificate the device does not trust is not a dropped connection, and
/// the person who can fix it (the server's operator, or whoever configured
/// the app's ``ServerTrust``) needs to know which it was.
public struct TLSFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the server's certificate or the handshake.
    ///
    /// Cases may be added in a minor release: switch over it with an
    /// `@unknown default`.
    @nonexhaustive
    public enum Reason: Sendable, Hashable {
        /// No certificate authority the client trusts issued the certificate.
        case untrustedIssuer
        /// The certificate's validity ended.
        case expired
        /// The certificate's validity has not begun.
        case notYetValid
        /// The certificate is for another host name.
        case hostnameMismatch
        /// The certificate signs itself, and the client was not told to trust it.
        case selfSigned
        /// The server's key matches none of the pins ``ServerTrust`` sets for it.
        case pinMismatch
        /// The handshake failed for another reason: no protocol version or
        /// cipher in common, or an alert from the server.
        case handshakeFailed
    }

    /// The host the client tried to reach securely.
    public var host: String
    /// Why the connection was refused.
    public var reason: Reason
    /// The platform's own error, for logs and bug reports: a `URLError`
    /// (with no user info), or an error of SwiftNIO's TLS layer. It is not
    /// part of ``description``, and not compared by `==`.
    public var underlying: (any Error)? {
        get { cause.error }
        set { cause = ErrorCause(newValue) }
    }
    private var cause = ErrorCause(nil)

    /// Creates a failure.
    public init(host: String, reason: Reason, underlying: (any Error)? = nil) {
        self.host = host
        self.reason = reason
        self.underlying = underlying
    }

    /// A sentence that names the host, says what was wrong and who can fix it.
    public var description: String {
        "The secure connection to \(host) was refused: \(explanation)"
    }

    private var explanation: String {
        switch reason {
        case .untrustedIssuer:
            "its certificate was issued by an authority this device does not trust. If it is a private"
                + " authority (a staging server's, or a proxy's), add it to the client's ServerTrust."
        case .expired:
            "its certificate has expired. The server's operator must renew it; if it looks valid, check the"
                + " device's date."
        case .notYetValid:
            "its certificate is not valid yet. Check the device's date and time."
        case .hostnameMismatch:
            "its certificate is for another host name. Check the URL, or ask the server's operator for a"
                + " certificate that names \(host)."
        case .selfSigned:
            "its certificate signs itself. To trust it on purpose (a development server), add it to the"
                + " client's ServerTrust."
        case .pinMismatch:
            "its key matches none of the keys the app pins for it. The server's key changed, or someone"
                + " is intercepting the connection: update the pins only if the key change is known."
        case .handshakeFailed:
            "the handshake failed (no protocol version or cipher in common, or the server refused it)."
                + " Check that the URL's port serves HTTPS."
        }
    }
}
