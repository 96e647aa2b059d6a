import Foundation

/// A ``SandboxStorage`` in a dictionary: what the SQLite storage does,
/// minus the disk. Tests use it to check that emulators restore their state
/// from storage.
public actor InMemoryStorage: SandboxStorage {
    private var rows: [String: [String: Data]] = [:]

    /// Creates an empty storage.
    public init() {}

    /// Every row of a namespace.
    public func load(namespace: String) -> [String: Data] {
        rows[namespace] ?? [:]
    }

    /// The namespaces whose names start with `prefix`.
    public func namespaces(withPrefix prefix: String) -> [String] {
        rows.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Applies the changes in order.
    public func commit(_ changes: [StorageChange], in namespace: String) {
        var table = rows[namespace] ?? [:]
        for change in changes {
            switch change {
            case .put(let key, let value):
                table[key] = value
            case .delete(let key):
                table[key] = nil
            case .deleteAll(let prefix):
                table = table.filter { !$0.key.hasPrefix(prefix) }
            }
        }
        rows[namespace] = table.isEmpty ? nil : table
    }

    /// Removes everything.
    public func removeAll() {
        rows.removeAll()
    }
}
