import Foundation
import Networking

/// Firebase Authentication's documented error codes, read from a failure's
/// message (`EMAIL_EXISTS`, or `WEAK_PASSWORD : Password should be at least
/// 6 characters`), each with what it means for the user.
///
/// ```swift
/// do {
///     try await auth.signIn(email: email, password: password)
/// } catch {
///     if let code = error.firebaseAuthError { alert(code.meaning) }
/// }
/// ```
public enum FirebaseAuthErrorCode: Sendable, Hashable {
    /// `EMAIL_EXISTS`: another account has this email.
    case emailExists
    /// `EMAIL_NOT_FOUND`: no account has this email.
    case emailNotFound
    /// `INVALID_PASSWORD`: the password is wrong, or the account has none.
    case invalidPassword
    /// `INVALID_LOGIN_CREDENTIALS`: the email or password is wrong (projects
    /// with email enumeration protection do not say which).
    case invalidLoginCredentials
    /// `USER_DISABLED`: an administrator disabled the account.
    case userDisabled
    /// `TOO_MANY_ATTEMPTS_TRY_LATER`: requests from this device are blocked
    /// for a while.
    case tooManyAttempts
    /// `TOKEN_EXPIRED`: the credential is no longer valid (the user changed
    /// their password, or their tokens were revoked); sign in again.
    case tokenExpired
    /// `WEAK_PASSWORD`: shorter than six characters.
    case weakPassword
    /// `INVALID_EMAIL`: not an email address.
    case invalidEmail
    /// `USER_NOT_FOUND`: the account was deleted.
    case userNotFound
    /// `INVALID_ID_TOKEN`: the ID token is not valid; sign in again.
    case invalidIDToken
    /// `INVALID_REFRESH_TOKEN`: the refresh token is not valid; sign in again.
    case invalidRefreshToken
    /// `INVALID_OOB_CODE`, `EXPIRED_OOB_CODE`: the email's code is wrong,
    /// used or expired.
    case invalidCode
    /// `OPERATION_NOT_ALLOWED`: this sign-in method is off for the project.
    case operationNotAllowed
    /// Any other code, as Firebase wrote it.
    case other(String)

    /// Reads a code from Firebase's message: the text before ` : `.
    public init(message: String) {
        let code = message.split(separator: " ", maxSplits: 1).first.map(String.init) ?? message
        self =
            switch code {
            case "EMAIL_EXISTS": .emailExists
            case "EMAIL_NOT_FOUND": .emailNotFound
            case "INVALID_PASSWORD": .invalidPassword
            case "INVALID_LOGIN_CREDENTIALS": .invalidLoginCredentials
            case "USER_DISABLED": .userDisabled
            case "TOO_MANY_ATTEMPTS_TRY_LATER": .tooManyAttempts
            case "TOKEN_EXPIRED", "CREDENTIAL_TOO_OLD_LOGIN_AGAIN": .tokenExpired
            case "WEAK_PASSWORD": .weakPassword
            case "INVALID_EMAIL": .invalidEmail
            case "USER_NOT_FOUND": .userNotFound
            case "INVALID_ID_TOKEN": .invalidIDToken
            case "INVALID_REFRESH_TOKEN": .invalidRefreshToken
            case "INVALID_OOB_CODE", "EXPIRED_OOB_CODE": .invalidCode
            case "OPERATION_NOT_ALLOWED", "PASSWORD_LOGIN_DISABLED": .operationNotAllowed
            default: .other(code)
            }
    }

    /// What it means, in words a screen can show.
    public var meaning: String {
        switch self {
        case .emailExists: "An account with this email already exists. Sign in instead."
        case .emailNotFound: "No account has this email."
        case .invalidPassword: "The password is wrong."
        case .invalidLoginCredentials: "The email or password is wrong."
        case .userDisabled: "This account has been disabled."
        case .tooManyAttempts: "Too many attempts. Try again later."
        case .tokenExpired, .invalidIDToken, .invalidRefreshToken, .userNotFound: "Please sign in again."
        case .weakPassword: "The password must be at least 6 characters."
        case .invalidEmail: "This is not a valid email address."
        case .invalidCode: "This link is invalid or has already been used."
        case .operationNotAllowed: "This way of signing in is not enabled."
        case .other(let code): "Sign-in failed (\(code))."
        }
    }

    /// Firebase's failures as the SDK's cases: a refused credential is
    /// ``/Networking/NetworkError/unauthenticated(_:)`` (sign in again), too many
    /// attempts is ``/Networking/NetworkError/rateLimited(_:)``; the rest keep
    /// their status's case, with the code in the message.
    @Sendable static func classify(_ failure: HTTPFailure) -> NetworkError {
        guard let code = FirebaseAuthErrorCode(failure) else { return NetworkError(failure: failure) }
        var failure = failure
        // A known code's meaning is what to do; an unknown one's would only
        // repeat the message.
        switch code {
        case .other: break
        default: failure.advice = code.meaning
        }
        switch code {
        case .tokenExpired, .invalidIDToken, .invalidRefreshToken, .userNotFound, .userDisabled:
            return .unauthenticated(failure)
        case .tooManyAttempts:
            return .rateLimited(failure)
        default:
            return NetworkError(failure: failure)
        }
    }
}

extension FirebaseAuthErrorCode {
    /// Firebase Authentication's error body as a message whose code is
    /// Firebase's (`INVALID_PASSWORD`), not the HTTP status the body
    /// repeats: `{"error":{"code":400,"message":"WEAK_PASSWORD : Password
    /// should be at least 6 characters"}}` is the code `WEAK_PASSWORD` and
    /// the text after ` : `. A message that is not a code (`API key not
    /// valid.`) keeps its text, with the body's `status`
    /// (`INVALID_ARGUMENT`) as its code when it has one.
    @Sendable static func message(_ response: TransportResponse) -> ServerMessage? {
        guard let parsed = ServerMessage.parse(response.body) else { return nil }
        let text = parsed.message
        let head = text.components(separatedBy: " : ")
        if let code = head.first, isCode(code) {
            let detail = head.dropFirst().joined(separator: " : ")
            return ServerMessage(code: code, message: detail.isEmpty ? code : detail)
        }
        return ServerMessage(code: status(in: response.body), message: text)
    }

    /// The code of a failure whose message ``message(_:)`` read: its code
    /// (`INVALID_PASSWORD`), else its text; `nil` when it has neither.
    fileprivate init?(_ failure: HTTPFailure) {
        guard let message = failure.message else { return nil }
        let text = message.code ?? message.message
        guard !text.isEmpty else { return nil }
        self.init(message: text)
    }

    /// Whether `text` is written as Firebase writes its codes: capitals,
    /// digits and underscores, starting with a capital.
    private static func isCode(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The `error.status` of a Google API error body, such as `INVALID_ARGUMENT`.
    private static func status(in body: Data) -> String? {
        struct Body: Decodable {
            struct Failure: Decodable { var status: String? }
            var error: Failure
        }
        return (try? JSONDecoder().decode(Body.self, from: body))?.error.status
    }
}

extension NetworkError {
    /// Firebase Authentication's error code, when Firebase Authentication
    /// sent the failure and its body carries one; `nil` for any other
    /// service's errors, so an alert never shows one service's failure as
    /// a sign-in problem.
    public var firebaseAuthError: FirebaseAuthErrorCode? {
        guard let failure, failure.service == .firebaseAuth else { return nil }
        return FirebaseAuthErrorCode(failure)
    }
}

extension ServiceName {
    /// Firebase Authentication (the Identity Toolkit and Secure Token APIs),
    /// as ``FirebaseAuthClient`` names it in its failures.
    public static let firebaseAuth = ServiceName("Firebase Authentication")
}
