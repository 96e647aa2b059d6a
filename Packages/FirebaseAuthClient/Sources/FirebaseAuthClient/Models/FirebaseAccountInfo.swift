import Foundation
import Networking

/// A user's account as `accounts:lookup` answers it.
public struct FirebaseAccountInfo: Sendable, Hashable, Decodable {
    /// The user's id.
    public var localId: String
    /// The email address.
    public var email: String?
    /// Whether the email address is verified.
    public var emailVerified: Bool?
    /// The display name.
    public var displayName: String?
    /// The photo URL.
    public var photoUrl: String?
    /// The phone number.
    public var phoneNumber: String?
    /// Whether sign-in is disabled.
    public var disabled: Bool?
    /// When the account was made, in milliseconds since 1970 (as text).
    public var createdAt: String?
    /// When the user last signed in, in milliseconds since 1970 (as text).
    public var lastLoginAt: String?
    /// The custom claims, as JSON text.
    public var customAttributes: String?
}

/// `accounts:lookup`'s answer.
struct FirebaseLookupResponse: Decodable, Sendable {
    var users: [FirebaseAccountInfo]?
}

/// What an out-of-band code is for, and for whom: the answer to
/// verifying a password-reset code.
public struct FirebaseCodeInfo: Sendable, Hashable, Decodable {
    /// `PASSWORD_RESET`, `VERIFY_EMAIL`, …
    public var requestType: String?
    /// The email address the code was sent to.
    public var email: String?
}
