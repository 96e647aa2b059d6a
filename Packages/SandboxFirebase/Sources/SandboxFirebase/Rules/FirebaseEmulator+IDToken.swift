import Foundation
import Networking
import SandboxCore

extension FirebaseEmulator {
    /// An unsigned Firebase ID token for `uid`, for tests against an
    /// emulator only: the emulator reads its claims without checking a
    /// signature (as Firebase's own emulator does, and as
    /// `@firebase/rules-unit-testing` mints tokens for `authenticatedContext`);
    /// the real service refuses it.
    ///
    /// The rules see `auth.uid == uid`, `auth.provider` from
    /// `signInProvider` (`google.com` reads as `google`), and every claim in
    /// `auth.token` (`email`, `email_verified`, custom claims such as
    /// `admin`). Send it as `auth=` or `Authorization: Bearer`.
    ///
    /// ```swift
    /// let token = FirebaseEmulator.unsignedIDToken(uid: "ada", claims: ["email": "ada@example.com"])
    /// ```
    public static func unsignedIDToken(
        uid: String, claims: [String: JSON] = [:], signInProvider: String = "password",
        lifetime: Duration = .seconds(3600)
    ) -> String {
        let now = Date().timeIntervalSince1970.rounded(.down)
        let seconds = Double(lifetime.components.seconds)
        var payload: [String: JSON] = [
            "sub": .string(uid), "user_id": .string(uid), "iat": .number(now), "auth_time": .number(now),
            "exp": .number(now + seconds), "aud": "sandbox", "iss": "https://securetoken.google.com/sandbox",
            "firebase": ["sign_in_provider": .string(signInProvider), "identities": [:]],
        ]
        payload.merge(claims) { _, claim in claim }
        return UnsignedJWT.make(payload)
    }
}
