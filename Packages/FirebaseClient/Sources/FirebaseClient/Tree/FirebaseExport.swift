import Networking

/// The metadata `format=export` adds to a response, and its removal.
///
/// An exported child carries its priority as a `.priority` member; a
/// primitive with a priority becomes `{".value": …, ".priority": …}`.
enum FirebaseExport {
    static let priorityKey = ".priority"
    static let valueKey = ".value"

    /// The value as a plain REST response would have it.
    static func strip(_ json: JSON) -> JSON {
        switch json {
        case .object(let members):
            if let value = members[valueKey] {
                return strip(value)
            }
            var stripped: [String: JSON] = [:]
            for (key, value) in members where key != priorityKey {
                stripped[key] = strip(value)
            }
            return .object(stripped)
        case .array(let elements):
            return .array(elements.map(strip))
        default:
            return json
        }
    }
}

extension JSON {
    /// The child at one path segment: an object's member, or the element of
    /// an array (Firebase's form of an integer-keyed object) at that index.
    func child(_ key: String) -> JSON? {
        switch self {
        case .object(let members):
            return members[key]
        case .array(let elements):
            guard let index = Int(key), elements.indices.contains(index) else { return nil }
            return elements[index]
        default:
            return nil
        }
    }

    /// The children of an object, or of an array read as an object keyed by
    /// index (without its `null` holes); `nil` for anything else.
    var firebaseChildren: [String: JSON]? {
        switch self {
        case .object(let members):
            return members
        case .array(let elements):
            var members: [String: JSON] = [:]
            for (index, element) in elements.enumerated() where element != .null {
                members[String(index)] = element
            }
            return members
        default:
            return nil
        }
    }
}
