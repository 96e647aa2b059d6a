import Networking
import SandboxCore

/// A refusal of the Auth emulator, in Google's error format, as Firebase
/// Authentication answers it:
///
/// ```json
/// {"error": {"code": 400, "message": "EMAIL_EXISTS",
///            "errors": [{"message": "EMAIL_EXISTS", "reason": "invalid", "domain": "global"}]}}
/// ```
///
/// The message starts with the documented code (`EMAIL_EXISTS`,
/// `INVALID_PASSWORD`, `WEAK_PASSWORD : Password should be at least 6
/// characters`), which is what clients read.
public struct FirebaseAuthError: SandboxFailure, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The message: a code, optionally followed by ` : ` and details.
    public var message: String
    /// Google's status name (`PERMISSION_DENIED`), for the errors that have one.
    public var statusName: String?
    /// The reason of the single error item (`invalid`, `forbidden`).
    public var reason: String

    /// Creates an error.
    public init(status: Int = 400, _ message: String, statusName: String? = nil, reason: String = "invalid") {
        self.status = status
        self.message = message
        self.statusName = statusName
        self.reason = reason
    }

    /// The error as Firebase answers it.
    public var response: SandboxResponse {
        var error: [String: JSON] = [
            "code": .number(Double(status)), "message": .string(message),
            "errors": [["message": .string(message), "reason": .string(reason), "domain": "global"]],
        ]
        if let statusName { error["status"] = .string(statusName) }
        return .json(status, ["error": .object(error)])
    }

    /// A request to a route that needs an API key came without one.
    static let missingAPIKey = FirebaseAuthError(
        status: 403, "The request is missing a valid API key.", statusName: "PERMISSION_DENIED", reason: "forbidden")
    /// An admin route was called without `Authorization: Bearer owner`.
    static let missingCredentials = FirebaseAuthError(
        status: 401,
        "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        statusName: "UNAUTHENTICATED", reason: "required")
    /// A feature of the service the emulator does not have.
    static func notImplemented(_ what: String) -> FirebaseAuthError {
        FirebaseAuthError(status: 501, what, statusName: "NOT_IMPLEMENTED", reason: "unimplemented")
    }
}
