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
    /// The transport's own error, for logs and bug reports: a `URLError` kept
    /// with its code and redacted text only (its user info carries the
    /// failing URL, keys and all), or the error SwiftNIO threw. It is not
    /// part of ``description``, and not compared by `==`.
    public var underlying: (any Error)? {
        get { cause.error }
        set { cause = ErrorCause(newValue) }
    }
    private var cause = ErrorCause(nil)

    /// Creates a failure.
    public init(domain: String, code: Int, message: String, underlying: (any Error)? = nil) {
        self.domain = domain
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// One line: the message and its code.
    public var description: String {
        "The transport failed: \(message) (\(domain) \(code))."
    }
}
