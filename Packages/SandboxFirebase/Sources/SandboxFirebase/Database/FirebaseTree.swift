import Foundation
import Networking
import SandboxCore

/// One database's data: a JSON tree in Firebase's normal form, where
/// objects are never empty, arrays have become objects keyed by index, and
/// `null` means "nothing here".
///
/// It is a value: reading a subtree is a copy-on-write snapshot, so a large
/// read is serialized outside the database actor while writers go on.
struct FirebaseTree: Sendable {
    /// The whole database; `.null` when it is empty.
    private(set) var root: JSON

    /// A tree holding `root`, a value already in normal form.
    init(root: JSON = .null) {
        self.root = root
    }

    /// The value at `path`; `.null` where there is nothing.
    func value(at path: FirebasePath) -> JSON {
        Self.value(in: root, at: path.keys[...])
    }

    /// The value at `keys` below `node`; `.null` where there is nothing.
    static func value(in node: JSON, at keys: ArraySlice<String>) -> JSON {
        var node = node
        for key in keys {
            guard case .object(let members) = node, let child = member(key, of: members) else { return .null }
            node = child
        }
        return node
    }

    /// `members[key]`. The objects above most reads (a database's few top
    /// nodes, a post's fields) have few members: comparing their keys, with
    /// the same `==` the dictionary uses, is quicker than hashing the key.
    private static func member(_ key: String, of members: [String: JSON]) -> JSON? {
        members.index(ofKey: key, scanningUpTo: 4, matching: ==).map { members.values[$0] }
    }

    /// Replaces the value at `path` with a normalized value (`.null`
    /// deletes), creating parents as needed and removing any left empty.
    /// A primitive on the way is replaced by an object, as Firebase does.
    ///
    /// Returns what the write replaced: the old value at `path`, or the
    /// primitive above it that became an object (which the security rules
    /// read as `data`, and a refused write puts back).
    @discardableResult
    mutating func set(_ value: JSON, at path: FirebasePath) -> (path: FirebasePath, value: JSON) {
        let (depth, old) = Self.set(value, at: path.keys[...], in: &root)
        return (depth == path.depth ? path : FirebasePath(keys: Array(path.keys.prefix(depth))), old)
    }

    /// Mutates in place: each level's members are taken out of the tree
    /// before they change, so a write to one child of 100,000 never copies
    /// the other 99,999.
    private static func set(
        _ value: JSON, at keys: ArraySlice<String>, in node: inout JSON
    ) -> (depth: Int, old: JSON) {
        guard let key = keys.first else {
            let old = node
            node = value
            return (keys.startIndex, old)
        }
        var members: [String: JSON] = [:]
        var replacedPrimitive = false
        switch node {
        case .object(let existing): members = existing
        case .null: break
        default: replacedPrimitive = true
        }
        let old = replacedPrimitive ? node : .null
        node = .null
        var child = members.removeValue(forKey: key) ?? .null
        let below = set(value, at: keys.dropFirst(), in: &child)
        if !child.isNull {
            members[key] = child
        }
        node = members.isEmpty ? .null : .object(members)
        return replacedPrimitive ? (keys.startIndex, old) : below
    }
}
