import Foundation
import Networking
import SandboxCore

/// Who a request comes from, as the rules see it: an administrator (rules
/// bypassed), or a caller whose `auth` the rules read (`null` when
/// signed out).
///
/// Read from the credentials the REST API takes, the way the official
/// emulator reads them:
///
/// - `Authorization: Bearer owner` (what the Admin SDKs send to an
///   emulator), an OAuth 2 access token (`ya29.…`, as `access_token=` or a
///   bearer token), or the database secret as `auth=`: an administrator.
///   With a database secret configured, only the secret is.
/// - A Firebase ID token (a JWT) as `auth=` or a bearer token: a signed-in
///   user. Its claims are read without checking the signature, as the
///   emulator does: `sub` (or `user_id`) is `auth.uid`, every claim is in
///   `auth.token`, and `firebase.sign_in_provider` gives `auth.provider`.
///   An expired token is refused.
/// - `auth_variable_override=<JSON object or null>` beside administrator
///   credentials: the rules run with that `auth`.
enum FirebaseCaller: Sendable, Equatable {
    /// Bypasses the rules.
    case administrator
    /// Runs the rules with this `auth`.
    case user(auth: JSON)

    /// The longest token read, in bytes.
    static let maxTokenLength = 16 * 1024

    static let unparsableToken = FirebaseEmulatorError(status: 401, message: "Could not parse auth token.")
    static let expiredToken = FirebaseEmulatorError(status: 401, message: "Auth token is expired")
    static let invalidOverride = FirebaseEmulatorError(
        status: 400, message: "Invalid auth_variable_override: must be a JSON object or null.")

    /// The caller of `request`, for a database whose secret is `secret`;
    /// ID tokens read before come from `cache`. `now` is read only to check
    /// an ID token's expiry: most requests carry none.
    init(
        _ request: SandboxRequest, secret: String?, now: @autoclosure () -> Date, cache: FirebaseIDTokenCache? = nil
    ) throws(FirebaseEmulatorError) {
        var token: String?
        if let header = request.headers["Authorization"] {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" { token = String(parts[1]) }
        }
        token = token ?? request.query("access_token") ?? request.query("auth")
        try self.init(token: token, secret: secret, now: now(), cache: cache) { () throws(FirebaseEmulatorError) in
            try Self.overridden(request)
        }
    }

    /// The caller a credential makes: none is a signed-out user, the
    /// database secret (or, without one, `owner` or an OAuth access token)
    /// an administrator, unless `override` gives the `auth` the rules run
    /// with instead; anything else must be a Firebase ID token.
    init(
        token: String?, secret: String?, now: @autoclosure () -> Date, cache: FirebaseIDTokenCache?,
        override: () throws(FirebaseEmulatorError) -> FirebaseCaller?
    ) throws(FirebaseEmulatorError) {
        guard let token else {
            self = .user(auth: .null)
            return
        }
        guard token.utf8.count <= Self.maxTokenLength else { throw Self.unparsableToken }
        if let secret {
            if token == secret {
                self = try override() ?? .administrator
                return
            }
        } else if token == "owner" || token.hasPrefix("ya29.") {
            self = try override() ?? .administrator
            return
        }
        let entry: FirebaseIDTokenCache.Entry
        if let cached = cache?.entry(for: token) {
            entry = cached
        } else {
            entry = try Self.entry(ofIDToken: token)
            cache?.store(entry, for: token)
        }
        if let expiry = entry.expiry, expiry < now().timeIntervalSince1970 {
            throw Self.expiredToken
        }
        self = .user(auth: entry.auth)
    }

    /// The `auth` an ID token gives, and its expiry.
    private static func entry(ofIDToken token: String) throws(FirebaseEmulatorError) -> FirebaseIDTokenCache.Entry {
        guard let claims = UnsignedJWT.claims(of: token) else { throw unparsableToken }
        guard let uid = claims["sub"]?.stringValue ?? claims["user_id"]?.stringValue, !uid.isEmpty else {
            throw unparsableToken
        }
        let signIn = claims["firebase"]?["sign_in_provider"]?.stringValue ?? "custom"
        let provider = signIn.hasSuffix(".com") ? String(signIn.dropLast(4)) : signIn
        return FirebaseIDTokenCache.Entry(
            auth: ["uid": .string(uid), "provider": .string(provider), "token": .object(claims)],
            expiry: claims["exp"]?.numberValue)
    }

    /// The `auth` the administrator asked the rules to run with, if any.
    private static func overridden(_ request: SandboxRequest) throws(FirebaseEmulatorError) -> FirebaseCaller? {
        guard let text = request.query("auth_variable_override") else { return nil }
        guard let value = try? JSON.parse(text, maxDepth: 32) else { throw invalidOverride }
        switch value {
        case .null, .object: return .user(auth: value)
        default: throw invalidOverride
        }
    }
}
