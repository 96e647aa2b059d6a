import Foundation
import Networking
import SandboxCore

/// The children of one location, kept in one query order and updated on
/// every write, so that `orderBy="timestamp"&limitToLast=15` costs a binary
/// search and fifteen steps however many children there are.
///
/// The database keeps one per (location, order) that has been queried.
struct FirebaseOrderedIndex {
    /// One child: its ordered value and its key.
    struct Entry: Comparable {
        var value: FirebaseIndexValue
        var key: String

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            switch FirebaseIndexValue.compare(lhs.value, rhs.value) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: FirebaseKey.compare(lhs.key, rhs.key) == .orderedAscending
            }
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key == rhs.key && FirebaseIndexValue.compare(lhs.value, rhs.value) == .orderedSame
        }
    }

    /// The order this index keeps.
    let order: FirebaseRESTQuery.Order
    private var entries: FirebaseSortedChunks<Entry>
    private var values: [String: FirebaseIndexValue]

    /// Builds the index over a location's current value (its children, if
    /// it is an object); `priority` gives a child's priority, by key, for
    /// `$priority` order.
    init(
        location value: JSON, order: FirebaseRESTQuery.Order, priority: (String) -> JSON? = { _ in nil }
    ) {
        self.order = order
        let children = value.objectValue ?? [:]
        var values: [String: FirebaseIndexValue] = [:]
        values.reserveCapacity(children.count)
        var entries: [Entry] = []
        entries.reserveCapacity(children.count)
        for (key, child) in children {
            let value = Self.sortValue(of: child, order: order, priority: order == .priority ? priority(key) : nil)
            values[key] = value
            entries.append(Entry(value: value, key: key))
        }
        entries.sort()
        self.values = values
        self.entries = FirebaseSortedChunks(sorted: entries)
    }

    /// The number of children indexed.
    var count: Int { entries.count }

    /// Records a child's new value and priority; `.null` removes it.
    mutating func update(child key: String, to child: JSON, priority: JSON? = nil) {
        if let old = values.removeValue(forKey: key) {
            entries.remove(Entry(value: old, key: key))
        }
        guard !child.isNull else { return }
        let value = Self.sortValue(of: child, order: order, priority: priority)
        values[key] = value
        entries.insert(Entry(value: value, key: key))
    }

    /// The keys of the children the query selects, in query order.
    func select(_ query: FirebaseRESTQuery) -> [String] {
        var lower = entries.startPosition
        var upper = entries.endPosition
        if let start = query.start {
            lower = entries.partitionPoint { entry in
                let comparison = Self.compare(entry, start)
                return comparison == .orderedAscending || (!start.inclusive && comparison == .orderedSame)
            }
        }
        if let end = query.end {
            upper = entries.partitionPoint { entry in
                let comparison = Self.compare(entry, end)
                return comparison == .orderedAscending || (end.inclusive && comparison == .orderedSame)
            }
        }
        guard lower < upper else { return [] }
        let selected: [Entry]
        switch query.limit {
        case .first(let count): selected = entries.prefix(count, from: lower, to: upper)
        case .last(let count): selected = entries.suffix(count, from: lower, to: upper)
        case nil: selected = entries.prefix(Int.max, from: lower, to: upper)
        }
        return selected.map(\.key)
    }

    /// The value a child is ordered by. Ordering by key leaves every value
    /// `null`, so keys alone decide; by priority, children without one come
    /// first, then numbers, then strings, ties by key.
    static func sortValue(of child: JSON, order: FirebaseRESTQuery.Order, priority: JSON? = nil) -> FirebaseIndexValue {
        switch order {
        case .key:
            return .null
        case .priority:
            return priority.map(FirebaseIndexValue.init) ?? .null
        case .value:
            return FirebaseIndexValue(child)
        case .child(let path):
            var node = child
            for key in path.keys {
                guard case .object(let members) = node, let next = members[key] else { return .null }
                node = next
            }
            return FirebaseIndexValue(node)
        }
    }

    private static func compare(_ entry: Entry, _ bound: FirebaseRESTQuery.Bound) -> ComparisonResult {
        let byValue = FirebaseIndexValue.compare(entry.value, bound.value)
        guard byValue == .orderedSame else { return byValue }
        switch bound.key {
        case .min: return .orderedDescending
        case .max: return .orderedAscending
        case .name(let name): return FirebaseKey.compare(entry.key, name)
        }
    }
}
