import Foundation
import Networking

extension FirebaseAuthClient {
    /// The sign-in methods of an email (`password`, `google.com`, …), empty
    /// when it has no account: the reference's "Fetch providers for email"
    /// (`accounts:createAuthUri`). Projects with email enumeration
    /// protection answer empty for every email.
    public func signInMethods(forEmail email: String, continueURL: URL = URL(string: "http://localhost")!)
        async throws(NetworkError) -> [String]
    {
        struct Answer: Decodable { var signinMethods: [String]? }
        return try await call(
            "createAuthUri", ["identifier": .string(email), "continueUri": .string(continueURL.absoluteString)],
            as: Answer.self
        ).signinMethods ?? []
    }

    /// The signed-in user's account (`accounts:lookup`).
    public func accountInfo(idToken: String) async throws(NetworkError) -> FirebaseAccountInfo {
        let answer = try await call("lookup", ["idToken": .string(idToken)], as: FirebaseLookupResponse.self)
        guard let account = answer.users?.first else { throw .noData }
        return account
    }

    /// Changes the display name and photo; `nil` leaves one as it is
    /// (`accounts:update`).
    public func updateProfile(idToken: String, displayName: String? = nil, photoURL: URL? = nil)
        async throws(NetworkError)
    {
        var body: [String: JSON] = ["idToken": .string(idToken)]
        body["displayName"] = displayName.map(JSON.string)
        body["photoUrl"] = photoURL.map { .string($0.absoluteString) }
        _ = try await call("update", body, as: JSON.self)
    }

    /// Changes the email address; the answer's new tokens replace the old
    /// ones, which Firebase revokes.
    public func changeEmail(idToken: String, to email: String) async throws(NetworkError) -> FirebaseSignIn {
        try await call(
            "update", ["idToken": .string(idToken), "email": .string(email), "returnSecureToken": true],
            as: FirebaseSignInResponse.self
        ).signIn
    }

    /// Changes the password; the answer's new tokens replace the old ones,
    /// which Firebase revokes. For an anonymous user, this (with
    /// ``changeEmail(idToken:to:)`` first) links an email and password to
    /// the same account.
    public func changePassword(idToken: String, to password: String) async throws(NetworkError) -> FirebaseSignIn {
        try await call(
            "update", ["idToken": .string(idToken), "password": .string(password), "returnSecureToken": true],
            as: FirebaseSignInResponse.self
        ).signIn
    }

    /// Sends a password-reset email (`accounts:sendOobCode`).
    public func sendPasswordReset(email: String) async throws(NetworkError) {
        _ = try await call(
            "sendOobCode", ["requestType": "PASSWORD_RESET", "email": .string(email)], as: JSON.self)
    }

    /// Sends the signed-in user an email to verify their address.
    public func sendEmailVerification(idToken: String) async throws(NetworkError) {
        _ = try await call(
            "sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": .string(idToken)], as: JSON.self)
    }

    /// What a password-reset code is for, without using it: the email it
    /// was sent to (`accounts:resetPassword` with the code alone).
    public func verifyPasswordResetCode(_ code: String) async throws(NetworkError) -> FirebaseCodeInfo {
        try await call("resetPassword", ["oobCode": .string(code)], as: FirebaseCodeInfo.self)
    }

    /// Sets a new password with the code from the reset email.
    public func confirmPasswordReset(code: String, newPassword: String) async throws(NetworkError) {
        _ = try await call(
            "resetPassword", ["oobCode": .string(code), "newPassword": .string(newPassword)], as: JSON.self)
    }

    /// Confirms an email address with the code from the verification email.
    public func confirmEmailVerification(code: String) async throws(NetworkError) {
        _ = try await call("update", ["oobCode": .string(code)], as: JSON.self)
    }

    /// Deletes the signed-in user's account (`accounts:delete`).
    public func deleteAccount(idToken: String) async throws(NetworkError) {
        _ = try await call("delete", ["idToken": .string(idToken)], as: JSON.self)
    }
}
