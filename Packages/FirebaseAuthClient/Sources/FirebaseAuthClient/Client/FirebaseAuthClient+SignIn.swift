import Foundation
import Networking

extension FirebaseAuthClient {
    /// Creates an email and password account and signs it in
    /// (`accounts:signUp`), with a display name when given: the ID token
    /// then carries it as `name` (`auth.token.name` in security rules).
    ///
    /// - Throws: `EMAIL_EXISTS`, `WEAK_PASSWORD`, `INVALID_EMAIL`, …, read
    ///   with ``Networking/NetworkError/firebaseAuthError``.
    public func signUp(email: String, password: String, displayName: String? = nil) async throws(NetworkError)
        -> FirebaseSignIn
    {
        var body: [String: JSON] = ["email": .string(email), "password": .string(password), "returnSecureToken": true]
        body["displayName"] = displayName.map(JSON.string)
        return try await call("signUp", body, as: FirebaseSignInResponse.self).signIn
    }

    /// Signs in with email and password (`accounts:signInWithPassword`).
    ///
    /// - Throws: `INVALID_LOGIN_CREDENTIALS` (or `EMAIL_NOT_FOUND` and
    ///   `INVALID_PASSWORD` without email enumeration protection),
    ///   `USER_DISABLED`, `TOO_MANY_ATTEMPTS_TRY_LATER`.
    public func signIn(email: String, password: String) async throws(NetworkError) -> FirebaseSignIn {
        try await call(
            "signInWithPassword", ["email": .string(email), "password": .string(password), "returnSecureToken": true],
            as: FirebaseSignInResponse.self
        ).signIn
    }

    /// Signs in as a new anonymous user (`accounts:signUp` with no email).
    public func signInAnonymously() async throws(NetworkError) -> FirebaseSignIn {
        try await call("signUp", ["returnSecureToken": true], as: FirebaseSignInResponse.self).signIn
    }

    /// Signs in with a custom token minted by the app's server
    /// (`accounts:signInWithCustomToken`).
    public func signIn(customToken: String) async throws(NetworkError) -> FirebaseSignIn {
        try await call(
            "signInWithCustomToken", ["token": .string(customToken), "returnSecureToken": true],
            as: FirebaseSignInResponse.self
        ).signIn
    }

    /// Exchanges a refresh token for a new ID token (and refresh token), at
    /// the token endpoint.
    ///
    /// - Throws: `TOKEN_EXPIRED` (revoked), `USER_DISABLED`,
    ///   `USER_NOT_FOUND`, `INVALID_REFRESH_TOKEN`, all
    ///   ``/Networking/NetworkError/unauthenticated(_:)``: sign in again.
    public func refresh(_ refreshToken: String) async throws(NetworkError) -> FirebaseSignIn {
        try await http.send(tokenRequest(refreshToken: refreshToken)).signIn
    }
}
