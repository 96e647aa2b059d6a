import Foundation
import Networking
import SandboxCore

/// The tokens of the Auth emulator, in the official emulator's forms.
///
/// - ID tokens are unsigned JWTs (`"alg": "none"`) carrying the claims
///   Firebase puts in them: `iss`, `aud`, `sub`/`user_id`, `iat`, `exp`,
///   `auth_time`, `email`, `email_verified`, `phone_number`, `name`,
///   `picture`, `firebase.identities`, `firebase.sign_in_provider`, and the
///   account's custom claims. Emulators (this Sandbox's database among
///   them) and the Admin SDKs in emulator mode read them; the real service
///   refuses them.
/// - Refresh tokens are base64url JSON naming the account, the provider and
///   when they were issued, as the official emulator makes them: nothing
///   to store, so they cost no memory however many are issued.
enum FirebaseAuthTokens {
    /// How long an ID token lasts: an hour, as Firebase's do.
    static let lifetime: Int64 = 3600
    /// The longest token read, in bytes.
    static let maxLength = UnsignedJWT.maxLength

    /// What a refresh token says.
    struct Refresh: Equatable {
        var localId: String
        var provider: String
        var projectId: String
        var extraClaims: [String: JSON]
        /// When it was issued, in seconds; `nil` for a token of the
        /// official emulator, which does not say.
        var issuedAt: Int64?
    }

    /// An ID token for `account`.
    static func idToken(
        for account: FirebaseAuthAccount, provider: String, projectId: String, now: Int64,
        extraClaims: [String: JSON] = [:]
    ) -> String {
        var claims: [String: JSON] = [:]
        claims["name"] = account.displayName.map(JSON.string)
        claims["picture"] = account.photoURL.map(JSON.string)
        claims.merge(account.customClaims) { _, custom in custom }
        claims.merge(extraClaims) { _, extra in extra }
        var identities: [String: JSON] = [:]
        if let email = account.email { identities["email"] = [.string(email)] }
        if let phone = account.phoneNumber { identities["phone"] = [.string(phone)] }
        for provider in account.federatedProviders {
            if let id = provider["providerId"]?.stringValue, let rawId = provider["rawId"]?.stringValue {
                identities[id] = .array((identities[id]?.arrayValue ?? []) + [.string(rawId)])
            }
        }
        let authTime = (account.lastLoginAt ?? account.lastRefreshAt ?? now * 1000) / 1000
        let reserved: [String: JSON] = [
            "iss": .string("https://securetoken.google.com/\(projectId)"), "aud": .string(projectId),
            "sub": .string(account.localId), "user_id": .string(account.localId), "iat": .number(Double(now)),
            "exp": .number(Double(now + lifetime)), "auth_time": .number(Double(authTime)),
            "firebase": ["identities": .object(identities), "sign_in_provider": .string(provider)],
        ]
        claims.merge(reserved) { _, reserved in reserved }
        claims["email"] = account.email.map(JSON.string)
        claims["email_verified"] = account.email == nil ? nil : .bool(account.emailVerified)
        claims["phone_number"] = account.phoneNumber.map(JSON.string)
        if provider == "anonymous" { claims["provider_id"] = "anonymous" }
        return UnsignedJWT.make(claims)
    }

    /// A refresh token.
    static func refreshToken(_ refresh: Refresh) -> String {
        var record: [String: JSON] = [
            "_AuthEmulatorRefreshToken": "DO NOT MODIFY", "localId": .string(refresh.localId),
            "provider": .string(refresh.provider), "projectId": .string(refresh.projectId),
            "extraClaims": .object(refresh.extraClaims),
        ]
        record["issuedAt"] = refresh.issuedAt.map { .number(Double($0)) }
        return UnsignedJWT.base64URL(JSON.object(record).serialized())
    }

    /// What a refresh token says, or `nil` when it is not one.
    static func refresh(_ token: String) -> Refresh? {
        guard token.utf8.count <= maxLength,
            let record = UnsignedJWT.decodeBase64URL(Substring(token)).flatMap({ try? JSON.parse($0, maxDepth: 16) })?
                .objectValue,
            record["_AuthEmulatorRefreshToken"] != nil,
            let localId = record["localId"]?.stringValue, let provider = record["provider"]?.stringValue
        else { return nil }
        return Refresh(
            localId: localId, provider: provider, projectId: record["projectId"]?.stringValue ?? "",
            extraClaims: record["extraClaims"]?.objectValue ?? [:],
            issuedAt: record["issuedAt"]?.numberValue.flatMap { Int64(exactly: $0.rounded(.down)) })
    }

    /// A number claim as whole seconds, range-checked.
    static func seconds(_ value: JSON?) -> Int64? {
        guard let number = value?.numberValue, number.isFinite, abs(number) < 1e15 else { return nil }
        return Int64(number.rounded(.down))  // safe: finite and below 1e15
    }
}
