import Foundation
import Networking

/// A signed-in user's tokens and who they are: what sign-up, every
/// sign-in and a refresh answer.
///
/// It describes itself with the user's id and the expiry only: never the
/// tokens.
public struct FirebaseSignIn: Sendable, Hashable {
    /// The user's id (`uid`; `auth.uid` in security rules).
    public var userID: String
    /// The email address, for email and password users.
    public var email: String?
    /// The ID token: what the Realtime Database takes as `auth=`.
    public var idToken: String
    /// The refresh token, exchanged for new ID tokens; keep it to stay
    /// signed in.
    public var refreshToken: String
    /// How long the ID token lasts from when it was issued: an hour.
    public var expiresIn: Duration
    /// Whether a custom token created the account, when the answer says.
    public var isNewUser: Bool?

    /// Creates a sign-in.
    public init(
        userID: String, email: String? = nil, idToken: String, refreshToken: String, expiresIn: Duration,
        isNewUser: Bool? = nil
    ) {
        self.userID = userID
        self.email = email
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.isNewUser = isNewUser
    }
}

extension FirebaseSignIn {
    /// A token's lifetime from the server's `expiresIn` text: 1 to 6 ASCII
    /// digits of seconds (Firebase sends `3600`); anything else is taken as
    /// the hour Firebase's tokens last.
    static func lifetime(_ text: String) -> Duration {
        guard (1...6).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return .seconds(3600)
        }
        return .seconds(Int64(text) ?? 3600)  // safe: at most six digits, checked above
    }
}

extension FirebaseSignIn: RedactedDescription {
    /// The user's id, email and lifetime; the tokens redacted.
    public var redactedFields: KeyValuePairs<String, Any> {
        [
            "userID": userID, "email": email ?? "nil", "idToken": Redactor().replacement,
            "refreshToken": Redactor().replacement, "expiresIn": expiresIn,
        ]
    }
}

/// A sign-in answer of the Identity Toolkit API.
struct FirebaseSignInResponse: Decodable, Sendable {
    var localId: String
    var email: String?
    var idToken: String
    var refreshToken: String
    var expiresIn: String
    var isNewUser: Bool?

    var signIn: FirebaseSignIn {
        FirebaseSignIn(
            userID: localId, email: email.flatMap { $0.isEmpty ? nil : $0 }, idToken: idToken,
            refreshToken: refreshToken, expiresIn: FirebaseSignIn.lifetime(expiresIn), isNewUser: isNewUser)
    }
}

/// The token endpoint's answer, in snake case as documented.
struct FirebaseTokenResponse: Decodable, Sendable {
    var idToken: String
    var refreshToken: String
    var expiresIn: String
    var userID: String

    enum CodingKeys: String, CodingKey {
        case idToken = "id_token"
        case refreshToken = "refresh_token"
        case expiresIn = "expires_in"
        case userID = "user_id"
    }

    var signIn: FirebaseSignIn {
        FirebaseSignIn(
            userID: userID, idToken: idToken, refreshToken: refreshToken, expiresIn: FirebaseSignIn.lifetime(expiresIn))
    }
}
