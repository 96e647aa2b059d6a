import Foundation

/// A transport error that none of ``NetworkError``'s specific cases covers,
/// described without the secrets that URL errors carry in their user info.
public struct TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// The error domain, such as `NSURLErrorDomain`.
    public var domain: String
    /// The error code within its domain.
    public var code: Int
    /// What happened, with secrets redacted.
    public var message: String

    /// Creates a failure.
    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// One line: the message and its code.
    public var description: String {
        "The transport failed: \(message) (\(domain) \(code))."
    }
}
