import Foundation
import Networking
import SandboxCore

/// Passwordless sign-in: the link an `EMAIL_SIGNIN` code is sent in.
extension FirebaseAuthEmulator {
    /// `accounts:signInWithEmailLink`: signs in the account of `email` (made
    /// now if there is none) with a code from `EMAIL_SIGNIN`, which is used
    /// up; the email is verified, since the user read the mail. With an
    /// `idToken` the email joins that user's account instead.
    func signInWithEmailLink(_ request: SandboxRequest, _ caller: FirebaseAuthCaller)
        async throws(FirebaseAuthError) -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        let idToken = try body.string(
            "idToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_ID_TOKEN"))
        let signedIn = idToken == nil ? nil : try await account(idToken: idToken).0
        guard let email = try Self.email(body, "email") else { throw FirebaseAuthError("MISSING_EMAIL") }
        guard let oobCode = try body.string("oobCode") else { throw FirebaseAuthError("MISSING_OOB_CODE") }
        guard let code = await accounts.code(oobCode), code.requestType == "EMAIL_SIGNIN" else {
            throw FirebaseAuthError("INVALID_OOB_CODE")
        }
        guard code.email == email else {
            throw FirebaseAuthError("INVALID_EMAIL : The email provided does not match the sign-in email address.")
        }
        let byEmail = await accounts.account(email: email)
        if let signedIn, let byEmail, signedIn.localId != byEmail.localId {
            throw FirebaseAuthError("EMAIL_EXISTS")
        }
        await accounts.useCode(oobCode)
        let now = clock
        let id: String
        let isNew: Bool
        if let existing = signedIn ?? byEmail {
            guard !existing.disabled else { throw FirebaseAuthError("USER_DISABLED") }
            _ = try await accounts.update(id: existing.localId) {
                $0.email = email
                $0.emailVerified = true
                $0.emailLinkSignin = true
                $0.lastLoginAt = now.milliseconds
            }
            (id, isNew) = (existing.localId, false)
        } else {
            var account = FirebaseAuthAccount(localId: Self.newLocalId(), createdAt: now.milliseconds)
            account.email = email
            account.emailVerified = true
            account.emailLinkSignin = true
            account.lastLoginAt = now.milliseconds
            try await accounts.insert(account)
            (id, isNew) = (account.localId, true)
        }
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#EmailLinkSigninResponse", "localId": .string(id), "email": .string(email),
            "isNewUser": .bool(isNew),
        ]
        answer.merge(try await tokens(for: id, provider: "password", caller)) { _, token in token }
        return .json(200, .object(answer))
    }
}
