import Foundation
import Networking

/// One user account, as the Auth emulator keeps it.
///
/// Its JSON (``json``) is the `UserInfo` the REST API answers with and the
/// official emulator exports: `localId`, `email`, `passwordHash`,
/// `providerUserInfo`, times as strings of milliseconds. The password is
/// never kept, only a salted SHA-256 of it.
public struct FirebaseAuthAccount: Sendable, Equatable {
    /// The user's id (`uid`), at most 128 characters.
    public var localId: String
    /// The email address, lowercased, if any.
    public var email: String?
    /// Whether the email address is verified.
    public var emailVerified = false
    /// The display name.
    public var displayName: String?
    /// The photo URL.
    public var photoURL: String?
    /// The phone number, E.164.
    public var phoneNumber: String?
    /// The password's hash, base64, if the account has a password.
    public var passwordHash: String?
    /// The hash's salt.
    public var salt: String?
    /// Whether sign-in is refused.
    public var disabled = false
    /// Custom claims as JSON text (at most 1,000 characters), copied into
    /// every ID token.
    public var customAttributes: String?
    /// Tokens issued before this time (seconds since 1970) are refused.
    public var validSince: Int64?
    /// When the account was made, in milliseconds since 1970.
    public var createdAt: Int64
    /// When the user last signed in, in milliseconds since 1970.
    public var lastLoginAt: Int64?
    /// When a token was last issued, in milliseconds since 1970.
    public var lastRefreshAt: Int64?
    /// When the password last changed, in milliseconds since 1970.
    public var passwordUpdatedAt: Int64?
    /// Whether the account was made by a custom token.
    public var customAuth = false
    /// Whether the user has signed in with an email link.
    public var emailLinkSignin = false
    /// Identity providers other than password and phone (`google.com`…),
    /// as an import gave them (`providerUserInfo` entries): kept and
    /// listed, removable with `deleteProvider`; the emulator cannot sign
    /// in with them.
    public var federatedProviders: [JSON] = []

    /// An account made now, with nothing but its id.
    public init(localId: String, createdAt: Int64) {
        self.localId = localId
        self.createdAt = createdAt
    }

    /// Whether the account signs in with a password.
    public var hasPassword: Bool { passwordHash != nil }

    /// The custom claims as an object; empty when none or unreadable.
    public var customClaims: [String: JSON] {
        guard let customAttributes, let value = try? JSON.parse(customAttributes, maxDepth: 16) else { return [:] }
        return value.objectValue ?? [:]
    }

    /// The providers the account signs in with, as `providerUserInfo`.
    var providerUserInfo: [JSON] {
        var providers: [JSON] = []
        if let email, hasPassword || emailLinkSignin {
            var info: [String: JSON] = [
                "providerId": "password", "email": .string(email), "federatedId": .string(email),
                "rawId": .string(email),
            ]
            if let displayName { info["displayName"] = .string(displayName) }
            if let photoURL { info["photoUrl"] = .string(photoURL) }
            providers.append(.object(info))
        }
        if let phoneNumber {
            providers.append([
                "providerId": "phone", "phoneNumber": .string(phoneNumber), "rawId": .string(phoneNumber),
            ])
        }
        return providers + federatedProviders
    }

    /// The account as the REST API's `UserInfo`.
    public var json: JSON {
        var info: [String: JSON] = [
            "localId": .string(localId), "emailVerified": .bool(emailVerified), "disabled": .bool(disabled),
            "createdAt": .string(String(createdAt)), "providerUserInfo": .array(providerUserInfo),
        ]
        info["email"] = email.map(JSON.string)
        info["displayName"] = displayName.map(JSON.string)
        info["photoUrl"] = photoURL.map(JSON.string)
        info["phoneNumber"] = phoneNumber.map(JSON.string)
        info["passwordHash"] = passwordHash.map(JSON.string)
        info["salt"] = salt.map(JSON.string)
        info["customAttributes"] = customAttributes.map(JSON.string)
        info["validSince"] = validSince.map { .string(String($0)) }
        info["lastLoginAt"] = lastLoginAt.map { .string(String($0)) }
        info["passwordUpdatedAt"] = passwordUpdatedAt.map { .number(Double($0)) }
        info["lastRefreshAt"] = lastRefreshAt.map { .string(Self.iso8601(milliseconds: $0)) }
        if customAuth { info["customAuth"] = true }
        if emailLinkSignin { info["emailLinkSignin"] = true }
        return .object(info)
    }

    /// Milliseconds since 1970 from `2026-11-26T15:04:05.123Z`, with or
    /// without the fraction; `nil` for anything else.
    static func milliseconds(iso8601 text: String) -> Int64? {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        guard let date = (try? withFraction.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text)) else {
            return nil
        }
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return abs(milliseconds) < 1e15 ? Int64(milliseconds) : nil  // safe: checked against 1e15
    }

    /// `2026-11-26T15:04:05.123Z`, as `lastRefreshAt` is written: whole
    /// seconds formatted, the milliseconds written exactly (a `Date`'s
    /// binary fraction would lose one now and then).
    static func iso8601(milliseconds: Int64) -> String {
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = Date(timeIntervalSince1970: Double(fraction < 0 ? seconds - 1 : seconds))
        let text = Date.ISO8601FormatStyle().format(whole)
        let digits = String(fraction < 0 ? fraction + 1000 : fraction)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}

extension FirebaseAuthAccount: CustomStringConvertible {
    /// The id and email, never the password's hash.
    public var description: String {
        "FirebaseAuthAccount(localId: \(localId), email: \(email ?? "nil"), disabled: \(disabled))"
    }
}
