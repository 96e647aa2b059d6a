import Foundation
import Networking
import SandboxCore

/// The accounts and settings as Firebase's emulator export writes them
/// (`auth_export/accounts.json`, `auth_export/config.json`), and read back.
extension FirebaseAuthEmulator {
    /// Every account as `accounts:batchGet` answers with no page limit:
    /// `{"kind": "identitytoolkit#DownloadAccountResponse", "users": […]}`.
    public var exportedAccounts: JSON {
        get async {
            ["kind": "identitytoolkit#DownloadAccountResponse", "users": .array(await accounts.all.map(\.json))]
        }
    }

    /// Replaces every account with those of an export (`{"users": […]}`),
    /// checked as an import is. Password hashes the official emulator
    /// wrote sign in; so do this emulator's own. Returns how many were
    /// read.
    ///
    /// - Throws: ``FirebaseAuthError`` naming the first user refused, with
    ///   its index; nothing is replaced then.
    @discardableResult
    public func importAccounts(_ export: JSON) async throws(FirebaseAuthError) -> Int {
        let users = export["users"]?.arrayValue ?? []
        var imported: [FirebaseAuthAccount] = []
        imported.reserveCapacity(users.count)
        for (index, user) in users.enumerated() {
            do throws(FirebaseAuthError) {
                imported.append(try importedAccount(user))
            } catch {
                throw FirebaseAuthError("\(error.message) (user \(index))")
            }
        }
        try await accounts.replaceAll(with: imported)
        return imported.count
    }

    /// Applies an exported `config.json`: the settings the emulator has.
    public func importConfig(_ config: JSON) async {
        if let enabled = config["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.boolValue {
            await settings.set(improvedEmailPrivacy: enabled)
        }
    }
}
