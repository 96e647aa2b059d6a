import Foundation
import Networking
import SandboxCore

/// Sign-up, sign-in and tokens.
extension FirebaseAuthEmulator {
    /// The longest email address taken, in bytes (RFC 5321's path limit).
    static let maxEmailLength = 256
    /// The longest user id, as Firebase allows.
    static let maxLocalIdLength = 128
    static let invalidEmail = FirebaseAuthError("INVALID_EMAIL")

    /// `accounts:signUp`, and the admin API's create (`projects/{p}/accounts`).
    ///
    /// Without an email or password it is an anonymous sign-in. An
    /// administrator may choose the id and set any field, and gets no tokens.
    /// With an `idToken` the email and password join that user instead, who
    /// keeps its uid: "upgrades an anonymous user to email and password", in
    /// the reference's words (a user's request must then set both).
    func signUp(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        let now = clock
        var account = FirebaseAuthAccount(localId: "", createdAt: now.milliseconds)
        let idToken = try body.string(
            "idToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_ID_TOKEN"))
        if idToken != nil, body.members["localId"] != nil {
            throw FirebaseAuthError("UNEXPECTED_PARAMETER : User ID")
        }
        let linked = idToken == nil ? nil : try await self.account(idToken: idToken).0
        let email = try Self.email(body, "email")
        let password = try body.string(
            "password", limit: FirebaseAuthPassword.maximumLength, tooLong: FirebaseAuthPassword.tooLong)
        var provider: String?
        var emailVerified: Bool?
        var disabled: Bool?
        var phoneNumber: String?
        if caller.privileged {
            if let localId = try body.string("localId") {
                try Self.validate(localId: localId)
                account.localId = localId
            }
            emailVerified = body.bool("emailVerified")
            disabled = body.bool("disabled")
            phoneNumber = try Self.phone(body)
        } else {
            guard body.members["localId"] == nil else { throw FirebaseAuthError("UNEXPECTED_PARAMETER : User ID") }
            if email != nil || password != nil || body.members["email"] != nil || linked != nil {
                guard email != nil else { throw FirebaseAuthError("MISSING_EMAIL") }
                guard password != nil else { throw FirebaseAuthError("MISSING_PASSWORD") }
                provider = "password"
            } else {
                provider = "anonymous"
            }
        }
        let displayName = try body.string("displayName")
        let photoURL = try body.string("photoUrl")
        if let password {
            try FirebaseAuthPassword.validate(password)
        }
        // The fields this request sets, on a new account or the linked one.
        let apply = { (account: inout FirebaseAuthAccount) in
            if let email { account.email = email }
            if let emailVerified { account.emailVerified = emailVerified }
            if let disabled { account.disabled = disabled }
            if let phoneNumber { account.phoneNumber = phoneNumber }
            if let displayName { account.displayName = displayName }
            if let photoURL { account.photoURL = photoURL }
            if let password { Self.setPassword(password, of: &account, now: now) }
            if provider != nil { account.lastLoginAt = now.milliseconds }
        }
        if let linked {
            account = try await accounts.update(id: linked.localId) { apply(&$0) }
        } else {
            apply(&account)
            if account.localId.isEmpty { account.localId = Self.newLocalId() }
            try await accounts.insert(account)
        }
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#SignupNewUserResponse", "localId": .string(account.localId),
        ]
        answer["email"] = account.email.map(JSON.string)
        answer["displayName"] = account.displayName.map(JSON.string)
        if let provider {
            answer.merge(try await tokens(for: account.localId, provider: provider, caller)) { _, token in token }
        }
        return .json(200, .object(answer))
    }

    /// `accounts:signInWithPassword`.
    func signInWithPassword(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        guard body.members["email"] != nil else { throw FirebaseAuthError("MISSING_EMAIL") }
        guard let email = try Self.email(body, "email") else { throw Self.invalidEmail }
        guard
            let password = try body.string(
                "password", limit: FirebaseAuthPassword.maximumLength,
                tooLong: FirebaseAuthError("INVALID_PASSWORD")), !password.isEmpty
        else { throw FirebaseAuthError("MISSING_PASSWORD") }
        let isPrivate = await settings.improvedEmailPrivacy
        let wrong = FirebaseAuthError("INVALID_LOGIN_CREDENTIALS")
        guard let account = await accounts.account(email: email) else {
            throw isPrivate ? wrong : FirebaseAuthError("EMAIL_NOT_FOUND")
        }
        guard !account.disabled else { throw FirebaseAuthError("USER_DISABLED") }
        guard FirebaseAuthPassword.matches(password, account) else {
            throw isPrivate ? wrong : FirebaseAuthError("INVALID_PASSWORD")
        }
        let now = clock
        _ = try await accounts.update(id: account.localId) { $0.lastLoginAt = now.milliseconds }
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#VerifyPasswordResponse", "registered": true,
            "localId": .string(account.localId), "email": .string(email),
            "displayName": .string(account.displayName ?? ""),
        ]
        answer.merge(try await tokens(for: account.localId, provider: "password", caller)) { _, token in token }
        return .json(200, .object(answer))
    }

    /// The audience of a custom token, as Firebase requires it.
    static let customTokenAudience =
        "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// `accounts:signInWithCustomToken`: a JWT with `uid` and optional
    /// `claims` (signed or not: the emulator checks no signature), or, as
    /// the official emulator allows, the same claims as plain JSON.
    func signInWithCustomToken(_ request: SandboxRequest, _ caller: FirebaseAuthCaller)
        async throws(FirebaseAuthError) -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        guard
            let token = try body.string(
                "token", limit: FirebaseAuthTokens.maxLength,
                tooLong: FirebaseAuthError("INVALID_CUSTOM_TOKEN : The token is too long."))
        else { throw FirebaseAuthError("MISSING_CUSTOM_TOKEN") }
        let payload: [String: JSON]
        if token.hasPrefix("{") {
            guard let object = (try? JSON.parse(token, maxDepth: 16))?.objectValue else {
                throw FirebaseAuthError(
                    "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
            }
            payload = object
        } else {
            guard let claims = UnsignedJWT.claims(of: token) else {
                throw FirebaseAuthError("INVALID_CUSTOM_TOKEN : Invalid assertion format")
            }
            guard claims["aud"]?.stringValue == Self.customTokenAudience else {
                throw FirebaseAuthError(
                    "INVALID_CUSTOM_TOKEN : ((Invalid aud (audience). Firebase ID tokens cannot be used with signInWithCustomToken.))"
                )
            }
            payload = claims
        }
        guard let uid = payload["uid"].flatMap(Self.text) ?? payload["user_id"].flatMap(Self.text), !uid.isEmpty else {
            throw FirebaseAuthError("MISSING_IDENTIFIER")
        }
        try Self.validate(localId: uid)
        var extraClaims: [String: JSON] = [:]
        if let claims = payload["claims"] {
            extraClaims = try Self.validatedClaims(claims)
        }
        let now = clock
        let isNewUser: Bool
        if let existing = await accounts.account(id: uid) {
            guard !existing.disabled else { throw FirebaseAuthError("USER_DISABLED") }
            _ = try await accounts.update(id: uid) {
                $0.lastLoginAt = now.milliseconds
                $0.customAuth = true
            }
            isNewUser = false
        } else {
            var account = FirebaseAuthAccount(localId: uid, createdAt: now.milliseconds)
            account.customAuth = true
            account.lastLoginAt = now.milliseconds
            try await accounts.insert(account)
            isNewUser = true
        }
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#VerifyCustomTokenResponse", "isNewUser": .bool(isNewUser),
        ]
        answer.merge(try await tokens(for: uid, provider: "custom", caller, extraClaims: extraClaims)) { _, token in
            token
        }
        return .json(200, .object(answer))
    }

    /// `securetoken.googleapis.com/v1/token`: a refresh token for a new ID
    /// token, as JSON or a form, answered in snake case as documented.
    func refreshToken(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        guard let grantType = try body.string("grantType") else { throw FirebaseAuthError("MISSING_GRANT_TYPE") }
        guard grantType == "refresh_token" else { throw FirebaseAuthError("INVALID_GRANT_TYPE") }
        guard
            let token = try body.string(
                "refreshToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_REFRESH_TOKEN")
            )
        else { throw FirebaseAuthError("MISSING_REFRESH_TOKEN") }
        guard let refresh = FirebaseAuthTokens.refresh(token), let account = await accounts.account(id: refresh.localId)
        else { throw FirebaseAuthError("INVALID_REFRESH_TOKEN") }
        guard !account.disabled else { throw FirebaseAuthError("USER_DISABLED") }
        if let validSince = account.validSince, let issuedAt = refresh.issuedAt, issuedAt < validSince {
            throw FirebaseAuthError("TOKEN_EXPIRED")
        }
        let issued = try await tokens(
            for: account.localId, provider: refresh.provider,
            FirebaseAuthCaller(privileged: false, projectId: refresh.projectId), extraClaims: refresh.extraClaims)
        return .json(
            200,
            [
                "id_token": issued["idToken"] ?? .null, "access_token": issued["idToken"] ?? .null,
                "refresh_token": issued["refreshToken"] ?? .null, "expires_in": issued["expiresIn"] ?? .null,
                "token_type": "Bearer", "user_id": .string(account.localId), "project_id": .string(refresh.projectId),
            ])
    }

    /// New tokens for the account `id`: `idToken`, `refreshToken` and
    /// `expiresIn`, as the sign-in answers carry them.
    func tokens(
        for id: String, provider: String, _ caller: FirebaseAuthCaller, extraClaims: [String: JSON] = [:]
    ) async throws(FirebaseAuthError) -> [String: JSON] {
        let now = clock
        let account = try await accounts.update(id: id) { $0.lastRefreshAt = now.milliseconds }
        let idToken = FirebaseAuthTokens.idToken(
            for: account, provider: provider, projectId: caller.projectId, now: now.seconds, extraClaims: extraClaims)
        let refresh = FirebaseAuthTokens.refreshToken(
            .init(
                localId: id, provider: provider, projectId: caller.projectId, extraClaims: extraClaims,
                issuedAt: now.seconds))
        return [
            "idToken": .string(idToken), "refreshToken": .string(refresh),
            "expiresIn": .string(String(FirebaseAuthTokens.lifetime)),
        ]
    }

    /// The account an ID token names, refused as the service refuses it:
    /// `INVALID_ID_TOKEN` when it is not one, `TOKEN_EXPIRED` when expired
    /// or issued before the account's tokens were revoked, `USER_NOT_FOUND`,
    /// `USER_DISABLED`. Returns the provider it was issued for too.
    func account(idToken: String?) async throws(FirebaseAuthError) -> (FirebaseAuthAccount, provider: String) {
        guard let idToken else { throw FirebaseAuthError("MISSING_ID_TOKEN") }
        guard let claims = UnsignedJWT.claims(of: idToken),
            let uid = claims["user_id"]?.stringValue ?? claims["sub"]?.stringValue
        else { throw FirebaseAuthError("INVALID_ID_TOKEN") }
        guard let account = await accounts.account(id: uid) else { throw FirebaseAuthError("USER_NOT_FOUND") }
        let now = clock.seconds
        if let expiry = FirebaseAuthTokens.seconds(claims["exp"]), expiry <= now {
            throw FirebaseAuthError("TOKEN_EXPIRED")
        }
        if let validSince = account.validSince, let issued = FirebaseAuthTokens.seconds(claims["iat"]),
            issued < validSince
        {
            throw FirebaseAuthError("TOKEN_EXPIRED")
        }
        guard !account.disabled else { throw FirebaseAuthError("USER_DISABLED") }
        return (account, claims["firebase"]?["sign_in_provider"]?.stringValue ?? "custom")
    }

    // MARK: Fields

    /// A lowercased, checked email address, or `nil` when absent.
    static func email(_ body: FirebaseAuthBody, _ name: String) throws(FirebaseAuthError) -> String? {
        guard let email = try body.string(name, limit: maxEmailLength, tooLong: invalidEmail) else { return nil }
        guard isValid(email: email) else { throw invalidEmail }
        return email.lowercased()
    }

    /// `local@domain`, with no spaces, as Firebase's clients check it.
    static func isValid(email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
            && !email.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }

    /// A phone number in E.164 (`+` and up to 15 digits), or `nil`.
    static func phone(_ body: FirebaseAuthBody) throws(FirebaseAuthError) -> String? {
        guard let phone = try body.string("phoneNumber") else { return nil }
        let digits = phone.utf8.dropFirst()
        guard phone.hasPrefix("+"), (1...15).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) })
        else { throw FirebaseAuthError("INVALID_PHONE_NUMBER : Invalid format.") }
        return phone
    }

    static func validate(localId: String) throws(FirebaseAuthError) {
        guard !localId.isEmpty, localId.count <= maxLocalIdLength,
            !localId.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { throw FirebaseAuthError("INVALID_LOCAL_ID") }
    }

    /// The claims the service refuses as custom claims.
    static let reservedClaims: Set<String> = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time",
        "firebase", "at_hash", "c_hash",
    ]

    /// Custom claims: an object without reserved names.
    static func validatedClaims(_ value: JSON) throws(FirebaseAuthError) -> [String: JSON] {
        guard case .object(let claims) = value else { throw FirebaseAuthError("INVALID_CLAIMS") }
        if let reserved = claims.keys.sorted().first(where: reservedClaims.contains) {
            throw FirebaseAuthError("FORBIDDEN_CLAIM : \(reserved)")
        }
        return claims
    }

    static func setPassword(
        _ password: String, of account: inout FirebaseAuthAccount, now: (seconds: Int64, milliseconds: Int64)
    ) {
        let salt = FirebaseAuthPassword.newSalt()
        account.salt = salt
        account.passwordHash = FirebaseAuthPassword.hash(password, salt: salt)
        account.passwordUpdatedAt = now.milliseconds
        account.validSince = now.seconds
    }

    /// A new 28-character id, as Firebase's are.
    static func newLocalId() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<28).map { _ in alphabet.randomElement() ?? "a" })
    }

    /// A primitive as text (`uid` may be a number).
    static func text(_ value: JSON) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): JSON.format(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
