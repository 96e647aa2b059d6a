import Foundation
import Networking
import SandboxCore

/// Checks a write's body the way the Realtime Database does before it
/// changes anything: JSON, keys that are valid and at most 768 bytes, and no
/// value deeper than 32 levels below the root.
///
/// Invalid keys are reported at their place in the body (`1:58`), so the
/// keys are scanned from the text in document order; the parsed value is a
/// dictionary and has no order.
enum FirebaseBodyValidator {
    /// One member of a PATCH body: its key, and the path the key names.
    typealias UpdateMember = (path: FirebasePath, key: String, value: JSON)

    /// The value of a PUT or POST body to be written at `depth` keys below
    /// the root.
    static func value(of body: Data, depth: Int) throws(FirebaseEmulatorError) -> JSON {
        let value = try parse(body)
        try checkKeys(body, updateKeys: false)
        guard depth + value.depth <= FirebasePath.maxDepth else { throw .tooDeep }
        return value
    }

    /// The members of a PATCH body applied at `path`: an object whose keys
    /// are paths, none of which may contain another.
    static func updateMembers(of body: Data, at path: FirebasePath) throws(FirebaseEmulatorError) -> [UpdateMember] {
        guard case .object(let object) = try parse(body) else { throw .invalidJSON }
        try checkKeys(body, updateKeys: true)
        var members: [UpdateMember] = []
        for (key, value) in object {
            let relative = FirebasePath(relative: key)
            guard path.depth + relative.depth + value.depth <= FirebasePath.maxDepth else { throw .tooDeep }
            members.append((relative, key, value))
        }
        let paths = Set(members.map(\.path))
        for member in members {
            for length in 0..<member.path.depth {
                let ancestor = FirebasePath(keys: Array(member.path.keys.prefix(length)))
                if paths.contains(ancestor) { throw .overlappingUpdate(ancestor, member.path) }
            }
        }
        return members.sorted { $0.path.storageKey < $1.path.storageKey }
    }

    /// The longest string value Firebase stores: 10 MB of UTF-8.
    static let maxStringBytes = 10 << 20

    private static func parse(_ body: Data) throws(FirebaseEmulatorError) -> JSON {
        let value: JSON
        do throws(JSONParseError) {
            // The parser's own limit stops hostile nesting early; anything
            // deeper than Firebase allows is refused below with its error.
            value = try JSON.parse(body, maxDepth: 2 * FirebasePath.maxDepth)
        } catch {
            throw error.isTooDeep ? .tooDeep : .invalidJSON
        }
        // Only a body longer than the limit can hold such a string.
        if body.count > maxStringBytes, hasLongString(value) {
            throw .stringTooLong(limit: maxStringBytes)
        }
        return value
    }

    /// Whether any string in the value is over ``maxStringBytes``; the walk
    /// is as deep as the parser allowed, no deeper.
    private static func hasLongString(_ value: JSON) -> Bool {
        switch value {
        case .string(let text): text.utf8.count > maxStringBytes
        case .array(let elements): elements.contains(where: hasLongString)
        case .object(let members): members.values.contains(where: hasLongString)
        default: false
        }
    }

    /// Walks the (valid) JSON text and checks each object key in order.
    /// With `updateKeys`, the top-level keys are paths whose segments are
    /// checked one by one.
    private static func checkKeys(_ body: Data, updateKeys: Bool) throws(FirebaseEmulatorError) {
        let bytes = [UInt8](body)
        var containers: [(isObject: Bool, expectsKey: Bool)] = []
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "{"):
                containers.append((true, true))
            case UInt8(ascii: "["):
                containers.append((false, false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                containers.removeLast()
            case UInt8(ascii: ","):
                if let last = containers.indices.last, containers[last].isObject {
                    containers[last].expectsKey = true
                }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard let last = containers.indices.last, containers[last].isObject, containers[last].expectsKey
                else { break }
                containers[last].expectsKey = false
                let token = Data(bytes[start...min(index, bytes.count - 1)])
                guard case .string(let key)? = try? JSON.parse(token) else { throw .invalidJSON }
                let isPath = updateKeys && containers.count == 1
                try check(key, isPath: isPath, line: line, column: start - lineStart + 1)
            default:
                break
            }
            index += 1
        }
    }

    private static func check(_ key: String, isPath: Bool, line: Int, column: Int) throws(FirebaseEmulatorError) {
        let segments = isPath ? FirebasePath(relative: key).keys : [key]
        guard !segments.isEmpty else { throw .invalidKey(line: line, column: column) }
        for segment in segments {
            guard FirebaseKey.specialKeys.contains(segment) || FirebaseKey.isValid(segment) else {
                throw .invalidKey(line: line, column: column)
            }
            let length = segment.utf8.count
            guard length <= FirebasePath.maxKeyBytes else { throw .keyTooLong(bytes: length) }
        }
    }
}
