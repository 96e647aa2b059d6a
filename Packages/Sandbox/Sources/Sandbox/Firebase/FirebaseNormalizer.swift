import Foundation
import Networking

/// Turns written JSON into what Firebase stores: server values resolved,
/// arrays turned into objects keyed by index, `null` members and empty
/// objects dropped, `{".value": x}` unwrapped and priorities left out.
///
/// Priorities are a legacy feature the lessons never use; accepting and
/// ignoring `.priority` keeps old clients working without emulating it.
struct FirebaseNormalizer {
    /// The server time for `{".sv": "timestamp"}`, in milliseconds since 1970;
    /// one value for the whole write, as on the server.
    var now: Int64
    /// The value stored at a path before the write, for increments.
    var current: (FirebasePath) -> JSON

    /// The normal form of `value`, written at `path`.
    func normalize(_ value: JSON, at path: FirebasePath) throws(FirebaseEmulatorError) -> JSON {
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
            if let wrapped = members[".value"] {
                guard members.keys.allSatisfy({ $0 == ".value" || $0 == ".priority" }) else { throw .invalidJSON }
                return try normalize(wrapped, at: path)
            }
            var normalized: [String: JSON] = [:]
            normalized.reserveCapacity(members.count)
            for (key, member) in members where key != ".priority" {
                let child = try normalize(member, at: path.appending(key))
                if !child.isNull { normalized[key] = child }
            }
            return normalized.isEmpty ? .null : .object(normalized)
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
