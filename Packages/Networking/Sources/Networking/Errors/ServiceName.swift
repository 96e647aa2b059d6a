/// Which service a failure came from: the name a client gives its
/// ``NetworkClient/service``, which every ``HTTPFailure`` it makes carries.
///
/// A service's error helpers (`error.airtableError`,
/// `error.firebaseAuthError`, …) read only their own service's failures,
/// so an app with several clients never reads one service's error body
/// with another's rules. Descriptions name the service, so a person knows
/// where to look.
public struct ServiceName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as people say it: `Airtable`, `Firebase Authentication`.
    public var description: String

    /// Creates a service name.
    public init(_ description: String) {
        self.description = description
    }

    /// Creates a service name from a literal.
    public init(stringLiteral description: String) {
        self.description = description
    }
}
