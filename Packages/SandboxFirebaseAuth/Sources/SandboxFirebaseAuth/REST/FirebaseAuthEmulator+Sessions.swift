import Foundation
import Networking
import SandboxCore

/// Session cookies: what a server keeps in a browser cookie after the
/// client signed in, made from an ID token.
extension FirebaseAuthEmulator {
    /// The shortest session a cookie may last: 5 minutes, as Firebase's.
    static let shortestSession: Int64 = 5 * 60
    /// The longest: 14 days, also the default.
    static let longestSession: Int64 = 14 * 24 * 60 * 60

    /// `projects/{project}:createSessionCookie` (admin): a session cookie
    /// for the user of a valid ID token, lasting `validDuration` seconds.
    /// Like the official emulator's, it is an unsigned JWT with the ID
    /// token's claims, issued now by `https://session.firebase.google.com/`,
    /// which the Admin SDKs verify in emulator mode.
    func createSessionCookie(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        try caller.requireAdministrator()
        let body = try FirebaseAuthBody(request)
        let idToken = try body.string(
            "idToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_ID_TOKEN"))
        // A number, or the REST reference's int64 as a string; absent or 0
        // means the longest, as the official emulator reads it.
        let duration = try body.integer("validDuration").flatMap { $0 == 0 ? nil : $0 } ?? Self.longestSession
        guard (Self.shortestSession...Self.longestSession).contains(duration) else {
            throw FirebaseAuthError("INVALID_DURATION")
        }
        _ = try await account(idToken: idToken)
        guard let idToken, var claims = UnsignedJWT.claims(of: idToken) else {
            throw FirebaseAuthError("INVALID_ID_TOKEN")
        }
        let now = clock.seconds
        let audience = claims["aud"]?.stringValue ?? caller.projectId
        claims["iat"] = .number(Double(now))
        claims["exp"] = .number(Double(now + duration))
        claims["iss"] = .string("https://session.firebase.google.com/\(audience)")
        return .json(200, ["sessionCookie": .string(UnsignedJWT.make(claims))])
    }
}
