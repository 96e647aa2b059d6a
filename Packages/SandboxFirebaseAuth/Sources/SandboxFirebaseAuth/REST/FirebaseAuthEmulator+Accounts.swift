import Foundation
import Networking
import SandboxCore

/// Account info, updates and deletion, for the signed-in user (by ID
/// token) and for an administrator (by id), and the admin API's batches.
extension FirebaseAuthEmulator {
    /// `accounts:lookup`: the signed-in user's account; an administrator
    /// looks up by `localId`, `email`, `phoneNumber` or `federatedUserId`
    /// (lists, up to 100 each), and an empty answer has no `users`.
    func lookup(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        var found: [FirebaseAuthAccount] = []
        if caller.privileged, body.members["idToken"] == nil {
            var seen: Set<String> = []
            func add(_ account: FirebaseAuthAccount?) {
                if let account, seen.insert(account.localId).inserted { found.append(account) }
            }
            for id in try body.strings("localId", limit: 100) { add(await accounts.account(id: id)) }
            for email in try body.strings("email", limit: 100) { add(await accounts.account(email: email)) }
            for phone in try body.strings("phoneNumber", limit: 100) { add(await accounts.account(phone: phone)) }
            let federated = body.members["federatedUserId"]?.arrayValue ?? []
            guard federated.count <= 100 else {
                throw FirebaseAuthError("INVALID_ARGUMENT : federatedUserId takes at most 100 entries.")
            }
            for entry in federated {
                guard let providerId = entry["providerId"]?.stringValue, let rawId = entry["rawId"]?.stringValue
                else { throw FirebaseAuthError("INVALID_ARGUMENT : federatedUserId needs providerId and rawId.") }
                add(await accounts.account(provider: providerId, rawId: rawId))
            }
        } else {
            found = [
                try await account(
                    idToken: try body.string(
                        "idToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_ID_TOKEN"))
                ).0
            ]
        }
        var answer: [String: JSON] = ["kind": "identitytoolkit#GetAccountInfoResponse"]
        if !found.isEmpty { answer["users"] = .array(found.map(\.json)) }
        return .json(200, .object(answer))
    }

    /// `accounts:update`: a signed-in user changes their email, password,
    /// name or photo (and gets new tokens when the email or password
    /// changed); an `oobCode` confirms an email verification; an
    /// administrator changes any field of any account, custom claims,
    /// `disableUser` and `validSince` (revoking tokens) included.
    func update(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        if let oobCode = try body.string("oobCode") {
            return try await applyCode(oobCode)
        }
        let id: String
        var provider: String?
        let privileged = caller.privileged && body.members["idToken"] == nil
        if privileged {
            guard let localId = try body.string("localId") else { throw FirebaseAuthError("MISSING_LOCAL_ID") }
            id = localId
        } else {
            guard body.members["idToken"] != nil else {
                throw FirebaseAuthError("INVALID_REQ_TYPE : Unsupported request parameters.")
            }
            guard body.members["customAttributes"] == nil, body.members["disableUser"] == nil else {
                throw FirebaseAuthError("INSUFFICIENT_PERMISSION")
            }
            let (account, signedInWith) = try await account(
                idToken: try body.string(
                    "idToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_ID_TOKEN")))
            id = account.localId
            provider = signedInWith
        }
        let email = try Self.email(body, "email")
        let password = try body.string(
            "password", limit: FirebaseAuthPassword.maximumLength, tooLong: FirebaseAuthPassword.tooLong)
        if let password { try FirebaseAuthPassword.validate(password) }
        let claims = try body.string(
            "customAttributes", limit: 1000, tooLong: FirebaseAuthError("CLAIMS_TOO_LARGE"))
        if let claims {
            guard let value = try? JSON.parse(claims, maxDepth: 16) else { throw FirebaseAuthError("INVALID_CLAIMS") }
            _ = try Self.validatedClaims(value)
        }
        let displayName = try body.string("displayName")
        let photoURL = try body.string("photoUrl")
        let phone = privileged ? try Self.phone(body) : nil
        let deleted = Set(try body.strings("deleteAttribute", limit: 16))
        let deletedProviders = Set(try body.strings("deleteProvider", limit: 16))
        let validSince = privileged ? try body.integer("validSince") : nil
        let now = clock
        var newTokens = false
        let account = try await accounts.update(id: id) { (account) throws(FirebaseAuthError) in
            if let email, email != account.email {
                account.email = email
                account.emailVerified = false
                account.validSince = now.seconds
                newTokens = true
            }
            if let password {
                Self.setPassword(password, of: &account, now: now)
                newTokens = true
                if provider == "anonymous" { provider = "password" }
            }
            if let displayName { account.displayName = displayName }
            if let photoURL { account.photoURL = photoURL }
            if deleted.contains("DISPLAY_NAME") { account.displayName = nil }
            if deleted.contains("PHOTO_URL") { account.photoURL = nil }
            if deleted.contains("PASSWORD") || deletedProviders.contains("password") {
                account.passwordHash = nil
                account.salt = nil
            }
            if deleted.contains("EMAIL") || deletedProviders.contains("password") {
                account.email = nil
                account.emailVerified = false
            }
            if deletedProviders.contains("phone") { account.phoneNumber = nil }
            account.federatedProviders.removeAll {
                deletedProviders.contains($0["providerId"]?.stringValue ?? "")
            }
            guard privileged else { return }
            if let phone { account.phoneNumber = phone }
            if let verified = body.bool("emailVerified") { account.emailVerified = verified }
            if let disabled = body.bool("disableUser") { account.disabled = disabled }
            if let claims { account.customAttributes = claims == "{}" ? nil : claims }
            if let validSince { account.validSince = validSince }
        }
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#SetAccountInfoResponse", "localId": .string(account.localId),
            "emailVerified": .bool(account.emailVerified), "providerUserInfo": .array(account.providerUserInfo),
        ]
        answer["email"] = account.email.map(JSON.string)
        answer["displayName"] = account.displayName.map(JSON.string)
        answer["photoUrl"] = account.photoURL.map(JSON.string)
        if newTokens, let provider {
            answer.merge(try await tokens(for: account.localId, provider: provider, caller)) { _, token in token }
        }
        return .json(200, .object(answer))
    }

    /// `accounts:delete`: the signed-in user's account, or an
    /// administrator's `localId`.
    func delete(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        if caller.privileged, body.members["idToken"] == nil {
            guard let id = try body.string("localId") else { throw FirebaseAuthError("MISSING_LOCAL_ID") }
            guard try await accounts.remove(id: id) else { throw FirebaseAuthError("USER_NOT_FOUND") }
        } else {
            let (account, _) = try await account(
                idToken: try body.string(
                    "idToken", limit: FirebaseAuthTokens.maxLength, tooLong: FirebaseAuthError("INVALID_ID_TOKEN")))
            try await accounts.remove(id: account.localId)
        }
        return .json(200, ["kind": "identitytoolkit#DeleteAccountResponse"])
    }

    /// `accounts:batchGet` (admin): a page of accounts in id order,
    /// `maxResults` (20 by default, at most 1,000) after `nextPageToken`.
    func batchGet(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        try caller.requireAdministrator()
        // As the official emulator, -1 means every account (its exports ask so).
        let requested =
            request.query("maxResults").flatMap(FirebaseAuthBody.wholeNumber).map { Int(clamping: $0) } ?? 20
        let limit = requested == -1 ? Int.max : min(max(requested, 1), 1000)
        let page = await accounts.page(after: request.query("nextPageToken"), limit: limit)
        var answer: [String: JSON] = [
            "kind": "identitytoolkit#DownloadAccountResponse", "users": .array(page.map(\.json)),
        ]
        if requested != -1, page.count == limit, let last = page.last {
            answer["nextPageToken"] = .string(last.localId)
        }
        return .json(200, .object(answer))
    }

    /// `accounts:batchDelete` (admin): up to 1,000 ids; enabled accounts
    /// stay unless `force`, each refusal listed in `errors`.
    func batchDelete(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        try caller.requireAdministrator()
        let body = try FirebaseAuthBody(request)
        let ids = try body.strings("localIds", limit: 1000)
        guard !ids.isEmpty else { throw FirebaseAuthError("LOCAL_ID_LIST_EXCEEDS_LIMIT") }
        let force = body.bool("force") ?? false
        var errors: [JSON] = []
        for (index, id) in ids.enumerated() {
            guard let account = await accounts.account(id: id) else { continue }
            guard account.disabled || force else {
                errors.append([
                    "index": .number(Double(index)), "localId": .string(id),
                    "message": "NOT_DISABLED : Disable the account before batch deletion.",
                ])
                continue
            }
            try await accounts.remove(id: id)
        }
        return .json(200, errors.isEmpty ? [:] : ["errors": .array(errors)])
    }

    /// `accounts:query` (admin): accounts matching an `expression` of
    /// `email`, `userId` or `phoneNumber`, or all, with `offset` and `limit`
    /// (at most 500), and their count.
    func query(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        try caller.requireAdministrator()
        let body = try FirebaseAuthBody(request)
        var matches: [FirebaseAuthAccount]
        if let expressions = body.members["expression"]?.arrayValue, !expressions.isEmpty {
            var found: [String: FirebaseAuthAccount] = [:]
            for expression in expressions.prefix(100) {
                var account: FirebaseAuthAccount?
                if let email = expression["email"]?.stringValue {
                    account = await accounts.account(email: email)
                } else if let id = expression["userId"]?.stringValue {
                    account = await accounts.account(id: id)
                } else if let phone = expression["phoneNumber"]?.stringValue {
                    account = await accounts.account(phone: phone)
                }
                if let account { found[account.localId] = account }
            }
            matches = found.values.sorted { $0.localId < $1.localId }
        } else {
            matches = await accounts.all
        }
        let count = matches.count
        let offset = Int(clamping: min(max(try body.integer("offset") ?? 0, 0), Int64(count)))
        let limit = Int(clamping: min(max(try body.integer("limit") ?? 500, 0), 500))
        matches = Array(matches[offset..<min(count, offset + limit)])
        var answer: [String: JSON] = ["recordsCount": .string(String(count))]
        if body.bool("returnUserInfo") ?? true { answer["userInfo"] = .array(matches.map(\.json)) }
        return .json(200, .object(answer))
    }
}
