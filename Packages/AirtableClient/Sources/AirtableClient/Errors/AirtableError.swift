import Networking

/// Airtable's own account of a failure, read from its error body: the status,
/// the `type` and the `message`.
///
/// Airtable writes `{"error":{"type":"…","message":"…"}}`, the bare
/// `{"error":"NOT_FOUND"}`, or `{"errors":[{"error":"…","message":"…"}]}`;
/// all three read the same. The client throws `NetworkError` (whose case
/// says what to do: sign in again, slow down, fix the input); this is the
/// detail inside it:
///
/// ```swift
/// do {
///     _ = try await airtable.records(as: Project.self)
/// } catch {
///     if case .unauthenticated = error { print("Check the token") }
///     print(error.airtableError?.message ?? error.description)  // "Authentication required"
/// }
/// ```
public struct AirtableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status, such as 401 or 422.
    public var status: Int
    /// The error type, such as ``AirtableErrorType/authenticationRequired``.
    public var type: AirtableErrorType
    /// Airtable's message, such as `Authentication required`.
    public var message: String

    /// Creates an error.
    public init(status: Int, type: AirtableErrorType, message: String) {
        self.status = status
        self.type = type
        self.message = message
    }

    /// Reads Airtable's error from a failed response; `nil` when the failure
    /// has no response or its body is not an Airtable error (a proxy's HTML
    /// page, an empty 502). The body is read again, so this works on a
    /// failure from any ``/Networking/NetworkClient``, not only this package's.
    public init?(_ error: NetworkError) {
        guard let failure = error.failure, failure.service == .airtable,
            let message = AirtableErrorBody.message(
                TransportResponse(status: failure.status, headers: failure.headers, body: failure.body)),
            let code = message.code, !code.isEmpty
        else { return nil }
        self.init(status: failure.status, type: AirtableErrorType(rawValue: code), message: message.message)
    }

    /// `TYPE (status): message`.
    public var description: String {
        type.rawValue == message ? "\(type) (\(status))" : "\(type) (\(status)): \(message)"
    }
}

extension ServiceName {
    /// Airtable's Web API, as ``AirtableClient`` names it in its failures.
    public static let airtable = ServiceName("Airtable")
}

extension NetworkError {
    /// Airtable's error type and message, when Airtable sent the failure
    /// with its error body; `nil` for any other service's errors.
    public var airtableError: AirtableError? {
        AirtableError(self)
    }
}
