import Foundation
import Networking
import SandboxCore

/// A location in a Firebase database: the keys from the root, such as
/// `posts/-NabC`. The root has no keys.
struct FirebasePath: Sendable, Hashable, CustomStringConvertible {
    /// The deepest a value may sit below the root, in keys.
    static let maxDepth = 32
    /// The longest a key may be, in UTF-8 bytes.
    static let maxKeyBytes = 768

    /// The keys, outermost first.
    var keys: [String]

    /// The root.
    static let root = FirebasePath(keys: [])

    init(keys: [String]) {
        self.keys = keys
    }

    /// Parses the path of a REST request: everything before the final
    /// `.json`, split at `/` with empty segments ignored (so `/posts.json`,
    /// `/posts/.json` and `/posts//.json` are the same place), each segment
    /// percent-decoded and then checked against Firebase's key rules.
    init(requestPath: String) throws(FirebaseEmulatorError) {
        let keys = try Self.keys(ofRequestPath: requestPath)
        try Self.validate(keys, tooLongError: nil)
        self.keys = keys
    }

    private static func keys(ofRequestPath path: String) throws(FirebaseEmulatorError) -> [String] {
        var raw = Substring(path)
        if raw.hasUTF8Suffix(".json") {
            raw = Substring(raw.utf8.dropLast(5))
        }
        var keys: [String] = []
        for segment in raw.utf8.split(separator: UInt8(ascii: "/")) {
            // A segment that is not valid percent-encoding cannot be a key.
            guard let key = PercentEncoding.decode(Substring(segment)) else { throw .invalidPath }
            keys.append(key)
        }
        return keys
    }

    /// The location a REST request names: its path parsed as
    /// ``init(requestPath:)`` parses it, less a final `/.priority.json` when
    /// `priorityOnly`. A path with nothing to decode reuses the segments the
    /// request split when it arrived, instead of splitting it again.
    init(_ request: SandboxRequest, priorityOnly: Bool) throws(FirebaseEmulatorError) {
        let suffix = priorityOnly ? "/.priority.json" : ".json"
        var keys: [String]
        if request.path.hasUTF8Suffix(suffix), !request.path.utf8.contains(UInt8(ascii: "%")) {
            // Without `%`, the segments are the path's own text. The last
            // one ends with the suffix: all of it for a priority, `.json`
            // otherwise, which leaves a key unless the segment was only that.
            keys = request.pathSegments
            let last = keys.removeLast()
            if !priorityOnly, last.utf8.count > 5 {
                keys.append(String(Substring(last.utf8.dropLast(5))))
            }
        } else {
            keys = try Self.keys(
                ofRequestPath: priorityOnly ? String(request.path.dropLast(suffix.count)) + ".json" : request.path)
        }
        try Self.validate(keys, tooLongError: nil)
        self.keys = keys
    }

    /// Parses a path written in a PATCH body key or an `orderBy` value:
    /// `a/b`, with leading, trailing and doubled slashes ignored.
    init(relative text: String) {
        keys = text.mapPieces(separatedBy: UInt8(ascii: "/")) { $0 }
    }

    /// Checks every key, then the depth.
    static func validate(_ keys: [String], tooLongError: FirebaseEmulatorError?) throws(FirebaseEmulatorError) {
        for key in keys {
            guard FirebaseKey.isValid(key) else { throw .invalidPath }
            let length = key.utf8.count
            guard length <= maxKeyBytes else { throw tooLongError ?? .keyTooLong(bytes: length) }
        }
        guard keys.count <= maxDepth else { throw .tooDeep }
    }

    /// Whether this is the root.
    var isRoot: Bool { keys.isEmpty }

    /// The number of keys.
    var depth: Int { keys.count }

    /// The last key, or `nil` at the root.
    var lastKey: String? { keys.last }

    /// This path with `key` appended.
    func appending(_ key: String) -> FirebasePath {
        var keys = keys
        keys.append(key)
        return FirebasePath(keys: keys)
    }

    /// This path with `other`'s keys appended.
    func appending(_ other: FirebasePath) -> FirebasePath {
        isRoot ? other : FirebasePath(keys: keys + other.keys)
    }

    /// Whether `self` is `other` or lies inside it.
    func isWithin(_ other: FirebasePath) -> Bool {
        keys.count >= other.keys.count && keys.starts(with: other.keys)
    }

    /// Whether `self` lies strictly inside `other`.
    func isStrictlyWithin(_ other: FirebasePath) -> Bool {
        keys.count > other.keys.count && keys.starts(with: other.keys)
    }

    /// The keys of `self` below `ancestor`; `self` must lie within it.
    func relative(to ancestor: FirebasePath) -> FirebasePath {
        FirebasePath(keys: Array(keys.dropFirst(ancestor.keys.count)))
    }

    /// `/` followed by the keys joined with `/`: how event paths are written.
    var description: String {
        "/" + keys.joined(separator: "/")
    }

    /// The keys joined with `/` and no leading slash: the storage row key.
    var storageKey: String {
        keys.joined(separator: "/")
    }
}
