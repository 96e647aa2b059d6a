import Foundation
import Networking
import SandboxCore

/// The `auth` of ID tokens already read, so that a signed-in client's every
/// request does not decode and parse its token again: at most ``capacity``
/// tokens, forgotten all at once when full. Expiry is checked on every use.
///
/// Work under the lock is one dictionary lookup or insertion.
final class FirebaseIDTokenCache: @unchecked Sendable {
    /// The most tokens kept.
    static let capacity = 256

    /// A token's `auth`, and when it expires (seconds since 1970).
    struct Entry: Sendable {
        var auth: JSON
        var expiry: Double?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// The entry of `token`, if it was read before.
    func entry(for token: String) -> Entry? {
        lock.withLock { entries[token] }
    }

    /// Keeps `entry` for `token`.
    func store(_ entry: Entry, for token: String) {
        lock.withLock {
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[token] = entry
        }
    }
}
