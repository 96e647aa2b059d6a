/// An emulator's refusal, answered the way its service answers it (a
/// Firebase `{"error" : …}` body, an Airtable error envelope): what a
/// route's handler may throw.
public protocol SandboxFailure: Error {
    /// The service's answer for this failure.
    var response: SandboxResponse { get }
}

/// A handler that cannot fail throws `Never`.
extension Never: SandboxFailure {
    /// Never asked: no value of `Never` exists.
    public var response: SandboxResponse {
        switch self {}
    }
}
