import Foundation
import Networking
import SandboxCore

/// The priorities of a database's nodes, kept beside its tree rather than
/// in it: the tree stays plain JSON for every read, and a database with no
/// priorities (nearly all of them) pays nothing.
///
/// A priority is a number or a string, set with `.priority` in written
/// data or with a PUT to `…/.priority.json`; it orders children for
/// `orderBy="$priority"` and shows in `format=export` reads. Replacing or
/// deleting a node drops its priority and those below it, as Firebase does.
struct FirebasePriorities: Sendable {
    /// One change, in the order a write makes them: what a database
    /// replays after a failed commit.
    enum Change: Sendable {
        /// Every priority at and below the path goes.
        case clear(FirebasePath)
        /// The priority at the path.
        case set(FirebasePath, JSON)

        /// Where it applies.
        var path: FirebasePath {
            switch self {
            case .clear(let path), .set(let path, _): path
            }
        }
    }

    private struct Node: Sendable {
        var priority: JSON?
        var children: [String: Node] = [:]

        var isEmpty: Bool { priority == nil && children.isEmpty }
    }

    private var root = Node()

    /// Whether no node has a priority.
    var isEmpty: Bool { root.isEmpty }

    /// Whether `value` can be a priority: a number or a string (`null`
    /// removes one).
    static func isValid(_ value: JSON) -> Bool {
        switch value {
        case .number, .string, .null: true
        default: false
        }
    }

    /// The priority at `path`, or `nil`.
    func priority(at path: FirebasePath) -> JSON? {
        var node = root
        for key in path.keys {
            guard let child = node.children[key] else { return nil }
            node = child
        }
        return node.priority
    }

    /// Applies a change.
    mutating func apply(_ change: Change) {
        switch change {
        case .clear(let path):
            Self.clear(path.keys[...], in: &root)
        case .set(let path, let priority):
            Self.set(priority.isNull ? nil : priority, at: path.keys[...], in: &root)
        }
    }

    private static func clear(_ keys: ArraySlice<String>, in node: inout Node) {
        guard let key = keys.first else {
            node = Node()
            return
        }
        guard var child = node.children.removeValue(forKey: key) else { return }
        clear(keys.dropFirst(), in: &child)
        if !child.isEmpty { node.children[key] = child }
    }

    private static func set(_ priority: JSON?, at keys: ArraySlice<String>, in node: inout Node) {
        guard let key = keys.first else {
            node.priority = priority
            return
        }
        var child = node.children.removeValue(forKey: key) ?? Node()
        set(priority, at: keys.dropFirst(), in: &child)
        if !child.isEmpty { node.children[key] = child }
    }

    /// The paths with a priority on the way from the root to `path`,
    /// excluding `path` itself: a write may leave them empty.
    func ancestors(of path: FirebasePath) -> [FirebasePath] {
        var found: [FirebasePath] = []
        var node = root
        for (depth, key) in path.keys.enumerated() {
            if node.priority != nil { found.append(FirebasePath(keys: Array(path.keys.prefix(depth)))) }
            guard let child = node.children[key] else { break }
            node = child
        }
        return found
    }

    /// Whether any node at or below `path` has a priority.
    func hasAny(atOrBelow path: FirebasePath) -> Bool {
        var node = root
        for key in path.keys {
            guard let child = node.children[key] else { return false }
            node = child
        }
        return !node.isEmpty
    }

    /// Every priority at or below `path`, with its path.
    func all(atOrBelow path: FirebasePath) -> [(path: FirebasePath, priority: JSON)] {
        var node = root
        for key in path.keys {
            guard let child = node.children[key] else { return [] }
            node = child
        }
        var found: [(path: FirebasePath, priority: JSON)] = []
        Self.collect(node, at: path, into: &found)
        return found
    }

    private static func collect(
        _ node: Node, at path: FirebasePath, into found: inout [(path: FirebasePath, priority: JSON)]
    ) {
        if let priority = node.priority { found.append((path, priority)) }
        for (key, child) in node.children {
            collect(child, at: path.appending(key), into: &found)
        }
    }

    /// `value` (read at `path`) in Firebase's export format: each node with
    /// a priority carries it as `.priority`, and a primitive that has one is
    /// written `{".value": …, ".priority": …}`.
    func export(_ value: JSON, at path: FirebasePath) -> JSON {
        var node = root
        for key in path.keys {
            guard let child = node.children[key] else { return value }
            node = child
        }
        return Self.export(value, node)
    }

    private static func export(_ value: JSON, _ node: Node) -> JSON {
        guard !value.isNull else { return value }
        guard case .object(var members) = value else {
            guard let priority = node.priority else { return value }
            return .object([".value": value, ".priority": priority])
        }
        for (key, child) in node.children {
            if let member = members[key] { members[key] = export(member, child) }
        }
        if let priority = node.priority { members[".priority"] = priority }
        return .object(members)
    }
}
