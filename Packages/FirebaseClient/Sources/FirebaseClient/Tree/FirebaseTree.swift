import Networking

/// The current value of a streamed location, kept up to date by applying
/// each `put` and `patch` as Firebase defines them.
///
/// The tree is stored the way Firebase stores data: objects only (an array
/// is an object keyed by index), no `null` members, no empty objects. Its
/// ``value`` turns integer-keyed objects back into arrays by Firebase's
/// rule, so it reads like a `GET` of the same location.
struct FirebaseTree: Sendable, Hashable {
    private(set) var root: JSON = .null

    /// Sets the data at `path`; `null` deletes it.
    mutating func put(_ data: JSON, at path: [String]) {
        root = Self.set(Self.normalized(data), at: path[...], in: root)
    }

    /// Sets each member of `data` under `path`; a member's key may itself
    /// be a path (`"a/b"`), as in a multi-path update.
    mutating func patch(_ data: JSON, at path: [String]) {
        guard let members = data.firebaseChildren else {
            put(data, at: path)
            return
        }
        for (key, value) in members {
            put(value, at: path + FirebasePath.segments(of: key))
        }
    }

    /// Applies a stream event; `false` for events that change nothing.
    mutating func apply(_ event: FirebaseEvent) -> Bool {
        switch event {
        case .put(let change):
            put(change.data, at: change.segments)
        case .patch(let change):
            patch(change.data, at: change.segments)
        case .keepAlive, .cancel, .authRevoked:
            return false
        }
        return true
    }

    /// The value as a `GET` would answer it.
    var value: JSON {
        Self.arrayForm(root)
    }

    private static func set(_ value: JSON, at path: ArraySlice<String>, in node: JSON) -> JSON {
        guard let first = path.first else { return value }
        var members = node.objectValue ?? [:]
        let child = set(value, at: path.dropFirst(), in: members[first] ?? .null)
        if child == .null {
            members.removeValue(forKey: first)
        } else {
            members[first] = child
        }
        return members.isEmpty ? .null : .object(members)
    }

    /// Data as Firebase stores it: arrays as index-keyed objects, without
    /// `null` members or empty objects.
    static func normalized(_ json: JSON) -> JSON {
        guard let members = json.firebaseChildren else { return json }
        var kept: [String: JSON] = [:]
        for (key, value) in members {
            let child = normalized(value)
            if child != .null {
                kept[key] = child
            }
        }
        return kept.isEmpty ? .null : .object(kept)
    }

    /// Firebase answers an object whose keys are all non-negative integers
    /// as an array when the largest key is less than twice the number of
    /// keys, with `null` in the gaps.
    static func arrayForm(_ json: JSON) -> JSON {
        guard case .object(let members) = json else { return json }
        let converted = members.mapValues(arrayForm)
        var indices: [Int: JSON] = [:]
        for (key, value) in converted {
            guard let index = Int(key), index >= 0, String(index) == key else { return .object(converted) }
            indices[index] = value
        }
        guard let largest = indices.keys.max(), largest < 2 * indices.count else { return .object(converted) }
        return .array((0...largest).map { indices[$0] ?? .null })
    }
}
