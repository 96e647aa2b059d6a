import Foundation
import Networking

/// How the emulator keeps passwords: a salted SHA-256, never the password.
///
/// (Firebase's official emulator stores `fakeHash:salt=…:password=…`, the
/// password in clear; its exports do too. ``hash(_:salt:)`` is not meant to
/// resist an attacker, only to keep passwords out of files, logs and the
/// console.)
enum FirebaseAuthPassword {
    /// The fewest characters the service takes.
    static let minimumLength = 6
    /// The most bytes the emulator takes (Firebase's password policies go
    /// up to 4,096 characters).
    static let maximumLength = 4096

    static let weak = FirebaseAuthError(
        "WEAK_PASSWORD : Password should be at least \(minimumLength) characters")
    static let tooLong = FirebaseAuthError(
        "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Password may be at most \(maximumLength) bytes")

    /// A new random salt.
    static func newSalt() -> String {
        Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    }

    /// The hash of `password` with `salt`, base64.
    static func hash(_ password: String, salt: String) -> String {
        Data(SecureHash.sha256(Array((salt + ":" + password).utf8))).base64EncodedString()
    }

    /// Whether `password` is the one `account` keeps a hash of.
    static func matches(_ password: String, _ account: FirebaseAuthAccount) -> Bool {
        guard let stored = account.passwordHash, let salt = account.salt else { return false }
        return SecureHash.constantTimeEqual(Array(hash(password, salt: salt).utf8), Array(stored.utf8))
    }

    /// Checks a new password's length.
    static func validate(_ password: String) throws(FirebaseAuthError) {
        guard password.count >= minimumLength else { throw weak }
        guard password.utf8.count <= maximumLength else { throw tooLong }
    }
}
