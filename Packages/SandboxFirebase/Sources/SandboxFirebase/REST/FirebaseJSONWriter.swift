import Foundation
import Networking
import SandboxCore

/// Writes stored values as the Firebase REST API answers them: objects whose
/// keys are all array indexes read back as arrays (Firebase's rule), keys in
/// Firebase's order, compact or pretty-printed the way `print=pretty` does.
enum FirebaseJSONWriter {
    /// The JSON text of `value`.
    static func data(_ value: JSON, pretty: Bool = false) -> Data {
        value.serialized(pretty: pretty, layout: layout)
    }

    /// Firebase's layout of objects for the shared JSON serializer.
    static let layout = JSON.ObjectLayout(members: forEachSortedMember, elements: arrayElements)

    /// The JSON text of `value` as a string.
    static func text(_ value: JSON) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// The elements of `members` as an array, if Firebase would send them
    /// as one: every key an array index (`0|[1-9]\d*`) and the largest below
    /// twice the count. Missing indexes become `null`.
    static func arrayElements(_ members: [String: JSON]) -> [JSON]? {
        guard !members.isEmpty else { return nil }
        var largest = 0
        for key in members.keys {
            guard let index = FirebaseKey.arrayIndex(key), index < 2 * members.count else { return nil }
            largest = max(largest, index)
        }
        var elements = [JSON](repeating: .null, count: largest + 1)
        for (key, member) in members {
            if let index = FirebaseKey.arrayIndex(key) { elements[index] = member }
        }
        return elements
    }

    /// `keys` in Firebase's key order, ties (`"-0"` and `"00"`) broken by
    /// bytes so that the output, and the ETag made from it, never varies.
    static func sortedKeys(_ keys: some Collection<String>) -> [String] {
        let keys = Array(keys)
        return sortedOrder(of: keys).map { keys[$0] }
    }

    /// Hands the members of an object to `body` in Firebase's key order:
    /// how the layout writes them.
    static func forEachSortedMember(_ members: [String: JSON], _ body: (String, JSON) -> Void) {
        guard members.count > 1 else {
            for (key, value) in members { body(key, value) }
            return
        }
        // A small object (a post, a profile) is sorted in room on the stack,
        // nothing allocated, each key's number read once (not on each of
        // the dozen comparisons a sort of eight makes).
        guard members.count > smallObject else {
            typealias Entry = (key: String, number: Int32?, value: JSON)
            withUnsafeTemporaryAllocation(of: Entry.self, capacity: members.count) { buffer in
                var entries = buffer
                _ = entries.initialize(
                    fromContentsOf: members.lazy.map { ($0.key, FirebaseKey.int32Value($0.key), $0.value) })
                entries.sort { FirebaseKey.compare($0.key, $0.number, $1.key, $1.number) == .orderedAscending }
                for entry in entries { body(entry.key, entry.value) }
                entries.deinitialize()
            }
            return
        }
        let entries = Array(members)
        for index in sortedOrder(of: entries.map(\.key)) { body(entries[index].key, entries[index].value) }
    }

    /// The most members an object may have to be sorted in place.
    private static let smallObject = 8

    /// The positions of `keys` in key order. Sorting positions rather than
    /// the keys themselves moves integers, not strings, which is most of the
    /// cost of writing a large object.
    private static func sortedOrder(of keys: [String]) -> [Int] {
        let numbers = keys.map(FirebaseKey.int32Value)
        var order = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in
            numbers.withUnsafeBufferPointer { numbers in
                order.sort { FirebaseKey.compare(keys[$0], numbers[$0], keys[$1], numbers[$1]) == .orderedAscending }
            }
        }
        return order
    }
}
