import Foundation
import Networking
import SandboxCore

/// The accounts of the Auth emulator, with an index by email and phone
/// number and the ids in order for paging; and the out-of-band codes an
/// email would have carried.
///
/// With a ``SandboxStorage`` (the server's `--data-dir`), every change is
/// written through before it is made in memory, one writer at a time (an
/// actor alone would let a second write run while the first awaits its
/// commit): an answered sign-up survives a crash, and a failed commit
/// changes nothing. Codes are not kept: an email's link dies with the
/// process, as the official emulator's do.
///
/// Bounded: at most ``limit`` accounts (a create past it is refused), and
/// the newest ``maxCodes`` codes.
actor FirebaseAuthAccounts {
    /// The storage namespace of the accounts, one row per id.
    static let namespace = "firebase-auth/accounts"
    private let storage: (any SandboxStorage)?
    private let turns = WriterTurns()
    /// The most accounts kept.
    let limit: Int
    /// The most out-of-band codes kept; older ones expire.
    static let maxCodes = 1000

    private var accounts: [String: FirebaseAuthAccount] = [:]
    private var byEmail: [String: String] = [:]
    private var byPhone: [String: String] = [:]
    /// Every id, sorted by UTF-8, for `batchGet`'s pages: sorted again
    /// only when listed after a change, so making 100,000 accounts stays
    /// linear.
    private var sortedCache: [String]? = []
    private var codes: [String: FirebaseAuthCode] = [:]
    private var codeOrder: [String] = []

    init(limit: Int, storage: (any SandboxStorage)? = nil) {
        self.limit = limit
        self.storage = storage
    }

    /// The stored accounts' rows, to decode at start.
    func storedRows() async throws -> [String: Data] {
        try await storage?.load(namespace: Self.namespace) ?? [:]
    }

    /// Accounts read from storage, placed without writing them back.
    func restore(_ restored: [FirebaseAuthAccount]) throws(FirebaseAuthError) {
        for account in restored { try place(account) }
    }

    var count: Int { accounts.count }

    func account(id: String) -> FirebaseAuthAccount? { accounts[id] }

    func account(email: String) -> FirebaseAuthAccount? {
        byEmail[email.lowercased()].flatMap { accounts[$0] }
    }

    func account(phone: String) -> FirebaseAuthAccount? {
        byPhone[phone].flatMap { accounts[$0] }
    }

    /// The account linked to `rawId` at `providerId` (such as `google.com`):
    /// a scan, since only the admin API looks accounts up this way.
    func account(provider providerId: String, rawId: String) -> FirebaseAuthAccount? {
        accounts.values.first { account in
            account.federatedProviders.contains {
                $0["providerId"]?.stringValue == providerId && $0["rawId"]?.stringValue == rawId
            }
        }
    }

    /// Adds a new account; its id, email and phone must be free.
    func insert(_ account: FirebaseAuthAccount) async throws(FirebaseAuthError) {
        await turns.begin()
        defer { turns.end() }
        try checkNew(account)
        try await commit([.put(key: account.localId, value: account.json.serialized())])
        try place(account)
    }

    /// Changes the account `id` with `change`, and returns it changed.
    func update(
        id: String, _ change: (inout FirebaseAuthAccount) throws(FirebaseAuthError) -> Void
    ) async throws(FirebaseAuthError) -> FirebaseAuthAccount {
        await turns.begin()
        defer { turns.end() }
        guard let old = accounts[id] else { throw FirebaseAuthError("USER_NOT_FOUND") }
        var account = old
        try change(&account)
        try checkFree(account, replacing: old)
        try await commit([.put(key: id, value: account.json.serialized())])
        unindex(old)
        accounts[id] = account
        index(account)
        return account
    }

    /// Removes an account; `false` when there was none.
    @discardableResult
    func remove(id: String) async throws(FirebaseAuthError) -> Bool {
        await turns.begin()
        defer { turns.end() }
        guard accounts[id] != nil else { return false }
        try await commit([.delete(key: id)])
        if let old = accounts.removeValue(forKey: id) { unindex(old) }
        sortedCache = nil
        return true
    }

    /// Every account replaced by `imported`, which must have distinct ids,
    /// emails and phone numbers and fit the limit; nothing changes if not.
    func replaceAll(with imported: [FirebaseAuthAccount]) async throws(FirebaseAuthError) {
        await turns.begin()
        defer { turns.end() }
        let saved = (accounts, byEmail, byPhone)
        clear()
        do throws(FirebaseAuthError) {
            for account in imported { try place(account) }
            try await commit(
                [.deleteAll(prefix: "")] + imported.map { .put(key: $0.localId, value: $0.json.serialized()) })
        } catch {
            (accounts, byEmail, byPhone) = saved
            sortedCache = nil
            throw error
        }
    }

    /// Removes every account and code.
    func removeAll() async throws(FirebaseAuthError) {
        await turns.begin()
        defer { turns.end() }
        try await commit([.deleteAll(prefix: "")])
        clear()
        codes = [:]
        codeOrder = []
    }

    private func clear() {
        accounts = [:]
        byEmail = [:]
        byPhone = [:]
        sortedCache = nil
    }

    // MARK: Writing

    /// Refuses an account whose id is taken, past the limit, or whose
    /// email or phone is another's.
    private func checkNew(_ account: FirebaseAuthAccount) throws(FirebaseAuthError) {
        guard accounts[account.localId] == nil else { throw FirebaseAuthError("DUPLICATE_LOCAL_ID") }
        guard accounts.count < limit else {
            throw FirebaseAuthError(
                "QUOTA_EXCEEDED : The emulator keeps at most \(limit) accounts.", statusName: "RESOURCE_EXHAUSTED")
        }
        try checkFree(account, replacing: nil)
    }

    /// Adds an account in memory, checked.
    private func place(_ account: FirebaseAuthAccount) throws(FirebaseAuthError) {
        try checkNew(account)
        accounts[account.localId] = account
        index(account)
        sortedCache = nil
    }

    /// Makes `changes` durable, when there is a storage.
    private func commit(_ changes: [StorageChange]) async throws(FirebaseAuthError) {
        guard let storage else { return }
        do {
            try await storage.commit(changes, in: Self.namespace)
        } catch {
            throw FirebaseAuthError(
                status: 500, "INTERNAL_ERROR : The account could not be stored: \(error)", statusName: "INTERNAL",
                reason: "backendError")
        }
    }

    /// Up to `limit` accounts whose ids sort after `start`, in id order.
    func page(after start: String?, limit: Int) -> [FirebaseAuthAccount] {
        let sortedIDs = sortedIDs
        var index = 0
        if let start {
            index = Self.insertionPoint(of: start, in: sortedIDs)
            if index < sortedIDs.count, sortedIDs[index] == start { index += 1 }
        }
        // No overflow for a limit of Int.max: compare with what is left.
        let end = max(0, limit) >= sortedIDs.count - index ? sortedIDs.count : index + max(0, limit)
        return sortedIDs[index..<end].compactMap { accounts[$0] }
    }

    /// Every account, in id order.
    var all: [FirebaseAuthAccount] {
        sortedIDs.compactMap { accounts[$0] }
    }

    private var sortedIDs: [String] {
        if let sortedCache { return sortedCache }
        let sorted = accounts.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        sortedCache = sorted
        return sorted
    }

    // MARK: Out-of-band codes

    func store(_ code: FirebaseAuthCode) {
        codes[code.oobCode] = code
        codeOrder.append(code.oobCode)
        if codeOrder.count > Self.maxCodes {
            codes[codeOrder.removeFirst()] = nil
        }
    }

    func code(_ oobCode: String) -> FirebaseAuthCode? { codes[oobCode] }

    func useCode(_ oobCode: String) {
        codes[oobCode] = nil
        codeOrder.removeAll { $0 == oobCode }
    }

    var allCodes: [FirebaseAuthCode] { codeOrder.compactMap { codes[$0] } }

    // MARK: Indexes

    private func checkFree(_ account: FirebaseAuthAccount, replacing old: FirebaseAuthAccount?)
        throws(FirebaseAuthError)
    {
        if let email = account.email, email != old?.email, byEmail[email] != nil {
            throw FirebaseAuthError("EMAIL_EXISTS")
        }
        if let phone = account.phoneNumber, phone != old?.phoneNumber, byPhone[phone] != nil {
            throw FirebaseAuthError("PHONE_NUMBER_EXISTS")
        }
    }

    private func index(_ account: FirebaseAuthAccount) {
        if let email = account.email { byEmail[email] = account.localId }
        if let phone = account.phoneNumber { byPhone[phone] = account.localId }
    }

    private func unindex(_ account: FirebaseAuthAccount) {
        if let email = account.email { byEmail[email] = nil }
        if let phone = account.phoneNumber { byPhone[phone] = nil }
    }

    /// The first index of `sortedIDs` whose id is not less than `id`.
    private static func insertionPoint(of id: String, in sortedIDs: [String]) -> Int {
        var low = 0
        var high = sortedIDs.count
        while low < high {
            let middle = (low + high) / 2
            if sortedIDs[middle].utf8.lexicographicallyPrecedes(id.utf8) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// An out-of-band code: what a password-reset or verification email would
/// have carried.
public struct FirebaseAuthCode: Sendable, Equatable {
    /// `PASSWORD_RESET`, `VERIFY_EMAIL` or `VERIFY_AND_CHANGE_EMAIL`.
    public var requestType: String
    /// The account's email.
    public var email: String
    /// The email to change to, for `VERIFY_AND_CHANGE_EMAIL`.
    public var newEmail: String?
    /// The code.
    public var oobCode: String
    /// The link the email would have carried.
    public var oobLink: String

    /// As the emulator's codes route lists it.
    var json: JSON {
        var members: [String: JSON] = [
            "requestType": .string(requestType), "email": .string(email), "oobCode": .string(oobCode),
            "oobLink": .string(oobLink),
        ]
        members["newEmail"] = newEmail.map(JSON.string)
        return .object(members)
    }
}
