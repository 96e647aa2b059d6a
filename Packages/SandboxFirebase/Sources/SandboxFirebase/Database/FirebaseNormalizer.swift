import Foundation
import Networking
import SandboxCore

/// Turns written JSON into what Firebase stores: server values resolved,
/// arrays turned into objects keyed by index, `null` members and empty
/// objects dropped, `{".value": x}` unwrapped, and each `.priority` taken
/// out of the data into ``priorities`` (a number or a string; `null` is
/// none), which the database keeps beside the tree.
struct FirebaseNormalizer {
    /// The server time for `{".sv": "timestamp"}`, in milliseconds since 1970;
    /// one value for the whole write, as on the server.
    var now: Int64
    /// The value stored at a path before the write, for increments.
    var current: (FirebasePath) -> JSON
    /// The priorities met so far, by path, for nodes that hold data.
    private(set) var priorities: [(path: FirebasePath, priority: JSON)] = []

    init(now: Int64, current: @escaping (FirebasePath) -> JSON) {
        self.now = now
        self.current = current
    }

    /// The normal form of `value`, written at `path`.
    mutating func normalize(_ value: JSON, at path: FirebasePath) throws(FirebaseEmulatorError) -> JSON {
        switch value {
        case .null, .bool, .number, .string:
            return value
        case .array(let elements):
            var members: [String: JSON] = [:]
            for (index, element) in elements.enumerated() {
                let key = String(index)
                let child = try normalize(element, at: path.appending(key))
                if !child.isNull { members[key] = child }
            }
            return members.isEmpty ? .null : .object(members)
        case .object(let members):
            if let serverValue = members[".sv"] {
                guard members.count == 1 else { throw .invalidJSON }
                return try resolve(serverValue, at: path)
            }
            let priority = members[".priority"] ?? .null
            guard FirebasePriorities.isValid(priority) else { throw .invalidPriority }
            let normalized: JSON
            if let wrapped = members[".value"] {
                guard members.keys.allSatisfy({ $0 == ".value" || $0 == ".priority" }) else { throw .invalidJSON }
                normalized = try normalize(wrapped, at: path)
            } else {
                var children: [String: JSON] = [:]
                children.reserveCapacity(members.count)
                for (key, member) in members where key != ".priority" {
                    let child = try normalize(member, at: path.appending(key))
                    if !child.isNull { children[key] = child }
                }
                normalized = children.isEmpty ? .null : .object(children)
            }
            if !priority.isNull, !normalized.isNull { priorities.append((path, priority)) }
            return normalized
        }
    }

    private func resolve(_ serverValue: JSON, at path: FirebasePath) throws(FirebaseEmulatorError) -> JSON {
        if serverValue == "timestamp" {
            return .number(Double(now))
        }
        guard case .object(let members) = serverValue, members.count == 1,
            case .number(let delta)? = members["increment"]
        else { throw .invalidJSON }
        guard case .number(let existing) = current(path) else { return .number(delta) }
        let sum = existing + delta
        guard sum.isFinite else { throw .invalidJSON }
        return .number(sum)
    }
}
