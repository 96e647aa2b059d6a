import Foundation
import Networking
import SandboxCore

/// The admin API's import, `accounts:batchCreate`.
extension FirebaseAuthEmulator {
    /// The most users one import takes, as Firebase allows.
    static let maxImport = 1000

    /// `accounts:batchCreate` (admin): up to 1,000 users in `UserInfo`
    /// form; each refused user is listed in `error` with its index, the
    /// others are kept.
    ///
    /// Password hashes are kept as given. Those the official emulator
    /// writes (`fakeHash:salt=…:password=…`) and this emulator's own sign
    /// in; hashes of other algorithms (scrypt, bcrypt, …) are kept but
    /// cannot be checked, so those users sign in only after a reset.
    func batchCreate(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        try caller.requireAdministrator()
        let body = try FirebaseAuthBody(request)
        guard let users = body.members["users"]?.arrayValue, !users.isEmpty else {
            throw FirebaseAuthError("MISSING_USER_ACCOUNT")
        }
        guard users.count <= Self.maxImport else {
            throw FirebaseAuthError("INVALID_ARGUMENT : An import takes at most \(Self.maxImport) users.")
        }
        var errors: [JSON] = []
        for (index, user) in users.enumerated() {
            do throws(FirebaseAuthError) {
                try await accounts.insert(try importedAccount(user))
            } catch {
                errors.append(["index": .number(Double(index)), "message": .string(error.message)])
            }
        }
        var answer: [String: JSON] = ["kind": "identitytoolkit#UploadAccountResponse"]
        if !errors.isEmpty { answer["error"] = .array(errors) }
        return .json(200, .object(answer))
    }

    /// An account from its `UserInfo` JSON, checked as a create is.
    func importedAccount(_ user: JSON) throws(FirebaseAuthError) -> FirebaseAuthAccount {
        guard case .object(let members) = user else { throw FirebaseAuthError("INVALID_ARGUMENT : not a user") }
        let body = FirebaseAuthBody(members: members)
        guard let id = try body.string("localId") else { throw FirebaseAuthError("MISSING_LOCAL_ID") }
        try Self.validate(localId: id)
        let now = clock
        var account = FirebaseAuthAccount(
            localId: id, createdAt: try body.integer("createdAt") ?? now.milliseconds)
        account.email = try Self.email(body, "email")
        account.emailVerified = body.bool("emailVerified") ?? false
        account.displayName = try body.string("displayName")
        account.photoURL = try body.string("photoUrl")
        account.phoneNumber = try Self.phone(body)
        account.disabled = body.bool("disabled") ?? false
        account.lastLoginAt = try body.integer("lastLoginAt")
        account.validSince = try body.integer("validSince")
        account.customAuth = body.bool("customAuth") ?? false
        account.emailLinkSignin = body.bool("emailLinkSignin") ?? false
        account.federatedProviders = try Self.federatedProviders(members["providerUserInfo"])
        account.lastRefreshAt = try body.string("lastRefreshAt").flatMap(FirebaseAuthAccount.milliseconds(iso8601:))
        if let claims = try body.string("customAttributes", limit: 1000, tooLong: FirebaseAuthError("CLAIMS_TOO_LARGE"))
        {
            guard let value = try? JSON.parse(claims, maxDepth: 16) else { throw FirebaseAuthError("INVALID_CLAIMS") }
            _ = try Self.validatedClaims(value)
            account.customAttributes = claims
        }
        if let hash = try body.string("passwordHash") {
            if let password = Self.officialEmulatorPassword(hash) {
                Self.setPassword(password, of: &account, now: now)
            } else {
                account.passwordHash = hash
                account.salt = try body.string("salt")
            }
            account.passwordUpdatedAt = FirebaseAuthTokens.seconds(members["passwordUpdatedAt"]) ?? now.milliseconds
        }
        return account
    }

    /// The `providerUserInfo` entries of other providers than password and
    /// phone (which the account's own fields describe): at most 16, each
    /// an object with a `providerId` and a `rawId`.
    static func federatedProviders(_ value: JSON?) throws(FirebaseAuthError) -> [JSON] {
        let entries = value?.arrayValue ?? []
        guard entries.count <= 16 else { throw FirebaseAuthError("INVALID_ARGUMENT : too many providers") }
        var providers: [JSON] = []
        for entry in entries {
            guard let id = entry["providerId"]?.stringValue, id != "password", id != "phone" else { continue }
            guard entry["rawId"]?.stringValue != nil, entry.serialized().count <= 4096 else {
                throw FirebaseAuthError("INVALID_PROVIDER_ID : \(id)")
            }
            providers.append(entry)
        }
        return providers
    }

    /// The password in a hash the official emulator wrote,
    /// `fakeHash:salt=<salt>:password=<password>`, or `nil`.
    static func officialEmulatorPassword(_ hash: String) -> String? {
        guard hash.hasPrefix("fakeHash:salt="), let range = hash.range(of: ":password=") else { return nil }
        return String(hash[range.upperBound...])
    }
}

extension FirebaseAuthBody {
    /// A body already read: one user of an import.
    init(members: [String: JSON]) {
        self.members = members
    }
}
