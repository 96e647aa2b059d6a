import Foundation
import Networking
import SandboxCore

/// How a Firebase database is kept in a ``SandboxStorage``: one row per
/// leaf, keyed by its path (`posts/-NabC/text` → `"Hello"`), in the storage
/// namespace `firebase/<namespace>`.
///
/// Rows per leaf keep a write as small as the data it changes: a push into a
/// list of 100,000 posts stores three rows, and replacing a subtree deletes
/// exactly the rows under it with one prefix delete.
enum FirebaseStorageCodec {
    /// The prefix of the storage namespaces holding databases.
    static let namespacePrefix = "firebase/"

    /// The storage namespace whose rows record which databases were seeded
    /// once, so that deleting all their data does not seed them again.
    static let seedMarkers = "firebase-seeded"

    /// Why stored rows could not be read back.
    struct CorruptRow: Error, CustomStringConvertible {
        /// The storage namespace.
        var namespace: String
        /// The row's key.
        var key: String

        var description: String {
            "The stored Firebase row \(key.isEmpty ? "(root)" : key) in \(namespace) is not a JSON value."
        }
    }

    /// The storage namespace of a database.
    static func storageNamespace(of namespace: String) -> String {
        namespacePrefix + namespace
    }

    /// The changes that store `value` (normalized) at `path`, given the tree
    /// as it was before: rows of primitives above the path and every row at
    /// or below it go, then each leaf of the value is written.
    static func changes(writing value: JSON, at path: FirebasePath, over tree: FirebaseTree) -> [StorageChange] {
        var changes: [StorageChange] = []
        var node = tree.root
        for depth in 0..<path.depth {
            guard case .object(let members) = node else {
                if !node.isNull {
                    changes.append(.delete(key: FirebasePath(keys: Array(path.keys.prefix(depth))).storageKey))
                }
                node = .null
                break
            }
            node = members[path.keys[depth]] ?? .null
        }
        switch node {
        case .null:
            break
        case .object:
            changes.append(.deleteAll(prefix: path.isRoot ? "" : path.storageKey + "/"))
        default:
            changes.append(.delete(key: path.storageKey))
        }
        appendLeaves(of: value, at: path, to: &changes)
        return changes
    }

    private static func appendLeaves(of value: JSON, at path: FirebasePath, to changes: inout [StorageChange]) {
        switch value {
        case .null:
            return
        case .object(let members):
            for (key, member) in members {
                appendLeaves(of: member, at: path.appending(key), to: &changes)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                appendLeaves(of: element, at: path.appending(String(index)), to: &changes)
            }
        case .bool, .number, .string:
            changes.append(.put(key: path.storageKey, value: FirebaseJSONWriter.data(value)))
        }
    }

    /// The row of the priority at `path`: `.priority` or `.priority/<path>`,
    /// which no data row can be (keys never hold a `.`), in the same
    /// namespace so that one commit stores a write's data and priorities.
    static func priorityKey(of path: FirebasePath) -> String {
        path.isRoot ? priorityPrefix : priorityPrefix + "/" + path.storageKey
    }

    private static let priorityPrefix = ".priority"

    /// The rows a change of priorities writes or deletes.
    static func changes(for change: FirebasePriorities.Change) -> [StorageChange] {
        switch change {
        case .clear(let path):
            let key = priorityKey(of: path)
            return [.delete(key: key), .deleteAll(prefix: key + "/")]
        case .set(let path, let priority):
            return [.put(key: priorityKey(of: path), value: FirebaseJSONWriter.data(priority))]
        }
    }

    /// Rebuilds a database's priorities from its rows.
    static func priorities(from rows: [String: Data], namespace: String) throws -> FirebasePriorities {
        var priorities = FirebasePriorities()
        for (key, data) in rows where key == priorityPrefix || key.hasPrefix(priorityPrefix + "/") {
            guard let value = try? JSON.parse(data), FirebasePriorities.isValid(value) else {
                throw CorruptRow(namespace: namespace, key: key)
            }
            let path = FirebasePath(relative: String(key.dropFirst(priorityPrefix.count)))
            priorities.apply(.set(path, value))
        }
        return priorities
    }

    /// Rebuilds a database from its rows (its priorities' rows aside).
    static func tree(from rows: [String: Data], namespace: String) throws -> FirebaseTree {
        var tree = FirebaseTree()
        for (key, data) in rows where !key.hasPrefix(".") {
            guard let value = try? JSON.parse(data), value.isFirebasePrimitive else {
                throw CorruptRow(namespace: namespace, key: key)
            }
            tree.set(value, at: FirebasePath(relative: key))
        }
        return tree
    }
}
