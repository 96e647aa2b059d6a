import Foundation
import Networking

/// The accounts of the Auth emulator, with an index by email and phone
/// number and the ids in order for paging; and the out-of-band codes an
/// email would have carried.
///
/// Bounded: at most ``limit`` accounts (a create past it is refused), and
/// the newest ``maxCodes`` codes.
actor FirebaseAuthAccounts {
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

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { accounts.count }

    func account(id: String) -> FirebaseAuthAccount? { accounts[id] }

    func account(email: String) -> FirebaseAuthAccount? {
        byEmail[email.lowercased()].flatMap { accounts[$0] }
    }

    func account(phone: String) -> FirebaseAuthAccount? {
        byPhone[phone].flatMap { accounts[$0] }
    }

    /// Adds a new account; its id, email and phone must be free.
    func insert(_ account: FirebaseAuthAccount) throws(FirebaseAuthError) {
        guard accounts[account.localId] == nil else { throw FirebaseAuthError("DUPLICATE_LOCAL_ID") }
        guard accounts.count < limit else {
            throw FirebaseAuthError(
                "QUOTA_EXCEEDED : The emulator keeps at most \(limit) accounts.", statusName: "RESOURCE_EXHAUSTED")
        }
        try checkFree(account, replacing: nil)
        accounts[account.localId] = account
        index(account)
        sortedCache = nil
    }

    /// Replaces an existing account with `account` (same id).
    func replace(_ account: FirebaseAuthAccount) throws(FirebaseAuthError) {
        guard let old = accounts[account.localId] else { throw FirebaseAuthError("USER_NOT_FOUND") }
        try checkFree(account, replacing: old)
        unindex(old)
        accounts[account.localId] = account
        index(account)
    }

    /// Changes the account `id` with `change`, and returns it changed.
    func update(
        id: String, _ change: (inout FirebaseAuthAccount) throws(FirebaseAuthError) -> Void
    ) throws(FirebaseAuthError) -> FirebaseAuthAccount {
        guard var account = accounts[id] else { throw FirebaseAuthError("USER_NOT_FOUND") }
        try change(&account)
        try replace(account)
        return account
    }

    /// Removes an account; `false` when there was none.
    @discardableResult
    func remove(id: String) -> Bool {
        guard let old = accounts.removeValue(forKey: id) else { return false }
        unindex(old)
        sortedCache = nil
        return true
    }

    func removeAll() {
        accounts = [:]
        byEmail = [:]
        byPhone = [:]
        sortedCache = []
        codes = [:]
        codeOrder = []
    }

    /// Up to `limit` accounts whose ids sort after `start`, in id order.
    func page(after start: String?, limit: Int) -> [FirebaseAuthAccount] {
        let sortedIDs = sortedIDs
        var index = 0
        if let start {
            index = Self.insertionPoint(of: start, in: sortedIDs)
            if index < sortedIDs.count, sortedIDs[index] == start { index += 1 }
        }
        return sortedIDs[index..<min(sortedIDs.count, index + max(0, limit))].compactMap { accounts[$0] }
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
