import Foundation
import Networking
import SandboxCore

/// Out-of-band codes: what password-reset and verification emails carry,
/// kept by the emulator instead of sent, and listed by its codes route.
extension FirebaseAuthEmulator {
    /// `accounts:sendOobCode`: `PASSWORD_RESET` (by `email`),
    /// `VERIFY_EMAIL` (by ID token, or by `email` for an administrator),
    /// `VERIFY_AND_CHANGE_EMAIL` (by ID token, with `newEmail`),
    /// `EMAIL_SIGNIN` (by `email`, for ``signInWithEmailLink(_:_:)``). An
    /// administrator's `returnOobLink` gets the link in the answer, as the
    /// Admin SDKs' `generate…Link` ask.
    func sendOobCode(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        guard let requestType = try body.string("requestType") else { throw FirebaseAuthError("MISSING_REQ_TYPE") }
        let returnLink = body.bool("returnOobLink") ?? false
        if returnLink { try caller.requireAdministrator() }
        let idToken = try body.string(
            "idToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_ID_TOKEN"))
        var email: String
        var newEmail: String?
        switch requestType {
        case "PASSWORD_RESET":
            guard let given = try Self.email(body, "email") else { throw FirebaseAuthError("MISSING_EMAIL") }
            email = given
            guard await accounts.account(email: email) != nil else {
                if await settings.improvedEmailPrivacy {
                    return .json(
                        200, ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email)])
                }
                throw FirebaseAuthError("EMAIL_NOT_FOUND")
            }
        case "VERIFY_EMAIL", "VERIFY_AND_CHANGE_EMAIL":
            if returnLink, idToken == nil {
                guard let given = try Self.email(body, "email") else { throw FirebaseAuthError("MISSING_EMAIL") }
                guard await accounts.account(email: given) != nil else { throw FirebaseAuthError("USER_NOT_FOUND") }
                email = given
            } else {
                guard let current = try await account(idToken: idToken).0.email else {
                    throw FirebaseAuthError("MISSING_EMAIL")
                }
                email = current
            }
            if requestType == "VERIFY_AND_CHANGE_EMAIL" {
                guard let changed = try Self.email(body, "newEmail") else {
                    throw FirebaseAuthError("MISSING_NEW_EMAIL")
                }
                guard await accounts.account(email: changed) == nil else { throw FirebaseAuthError("EMAIL_EXISTS") }
                newEmail = changed
            }
        case "EMAIL_SIGNIN":
            // The account need not exist: following the link makes it.
            guard let given = try Self.email(body, "email") else { throw FirebaseAuthError("MISSING_EMAIL") }
            email = given
        default:
            throw FirebaseAuthError.notImplemented("\(requestType) is not implemented by the Sandbox's Auth emulator.")
        }
        let code = Self.newCode()
        let mode =
            ["PASSWORD_RESET": "resetPassword", "VERIFY_EMAIL": "verifyEmail", "EMAIL_SIGNIN": "signIn"][requestType]
            ?? "verifyAndChangeEmail"
        let host = request.headers["Host"] ?? "127.0.0.1"
        var link = URLComponents(string: "http://\(host)/emulator/action") ?? URLComponents()
        link.queryItems = [
            URLQueryItem(name: "mode", value: mode), URLQueryItem(name: "lang", value: "en"),
            URLQueryItem(name: "oobCode", value: code), URLQueryItem(name: "apiKey", value: "fake-api-key"),
        ]
        if let continueURL = try body.string("continueUrl") {
            guard let url = URL(string: continueURL), url.scheme != nil, url.host() != nil else {
                throw FirebaseAuthError(
                    "INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))")
            }
            link.queryItems?.append(URLQueryItem(name: "continueUrl", value: continueURL))
        }
        let record = FirebaseAuthCode(
            requestType: requestType, email: email, newEmail: newEmail, oobCode: code, oobLink: link.string ?? "")
        await accounts.store(record)
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email),
        ]
        if returnLink {
            answer["oobCode"] = .string(code)
            answer["oobLink"] = .string(record.oobLink)
        }
        return .json(200, .object(answer))
    }

    /// `accounts:resetPassword`: with only `oobCode`, says what the code is
    /// for (verifying a reset code); with `newPassword` too, sets it,
    /// verifies the email (the user proved they read it) and uses the code
    /// up.
    func resetPassword(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        guard let oobCode = try body.string("oobCode") else { throw FirebaseAuthError("MISSING_OOB_CODE") }
        guard let code = await accounts.code(oobCode) else { throw FirebaseAuthError("INVALID_OOB_CODE") }
        if let password = try body.string(
            "newPassword", limit: FirebaseAuthPassword.maximumLength, tooLong: FirebaseAuthPassword.tooLong)
        {
            guard code.requestType == "PASSWORD_RESET" else { throw FirebaseAuthError("INVALID_OOB_CODE") }
            try FirebaseAuthPassword.validate(password)
            guard let account = await accounts.account(email: code.email) else {
                throw FirebaseAuthError("INVALID_OOB_CODE")
            }
            let now = clock
            _ = try await accounts.update(id: account.localId) {
                Self.setPassword(password, of: &$0, now: now)
                $0.emailVerified = true
            }
            await accounts.useCode(oobCode)
        }
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#ResetPasswordResponse", "requestType": .string(code.requestType),
            "email": .string(code.email),
        ]
        answer["newEmail"] = code.newEmail.map(JSON.string)
        return .json(200, .object(answer))
    }

    /// `accounts:update` with an `oobCode`: confirms a verification, or a
    /// change of email.
    func applyCode(_ oobCode: String) async throws(FirebaseAuthError) -> SandboxResponse {
        guard let code = await accounts.code(oobCode),
            code.requestType == "VERIFY_EMAIL" || code.requestType == "VERIFY_AND_CHANGE_EMAIL",
            let account = await accounts.account(email: code.email)
        else { throw FirebaseAuthError("INVALID_OOB_CODE") }
        let updated = try await accounts.update(id: account.localId) {
            if let newEmail = code.newEmail { $0.email = newEmail }
            $0.emailVerified = true
        }
        await accounts.useCode(oobCode)
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#SetAccountInfoResponse", "localId": .string(updated.localId),
            "emailVerified": true, "providerUserInfo": .array(updated.providerUserInfo),
        ]
        answer["email"] = updated.email.map(JSON.string)
        return .json(200, .object(answer))
    }

    /// A new code: 54 random base64url characters, as the official
    /// emulator's.
    static func newCode() -> String {
        UnsignedJWT.base64URL(Data((0..<40).map { _ in UInt8.random(in: 0...255) }))
    }
}
