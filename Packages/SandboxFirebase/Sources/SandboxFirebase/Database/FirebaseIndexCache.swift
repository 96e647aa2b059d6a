import SandboxCore

/// The ordered indexes a database keeps for its queries, at most
/// ``maxIndexes`` of them, the least recently used dropped first.
struct FirebaseIndexCache {
    /// At most this many indexes are kept.
    static let maxIndexes = 32

    private struct Key: Hashable {
        var path: FirebasePath
        var order: FirebaseRESTQuery.Order
    }

    private struct Entry {
        var index: FirebaseOrderedIndex
        var lastUse: Int
    }

    private var entries: [Key: Entry] = [:]
    private var clock = 0

    /// The index of the children at `path` in `order`, built from `tree`
    /// when it is not cached.
    mutating func index(
        at path: FirebasePath, order: FirebaseRESTQuery.Order, in tree: FirebaseTree, priorities: FirebasePriorities
    ) -> FirebaseOrderedIndex {
        clock += 1
        let key = Key(path: path, order: order)
        if let cached = entries[key] {
            entries[key]?.lastUse = clock
            return cached.index
        }
        let index = FirebaseOrderedIndex(location: tree.value(at: path), order: order) { key in
            priorities.priority(at: path.appending(key))
        }
        if entries.count >= Self.maxIndexes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        entries[key] = Entry(index: index, lastUse: clock)
        return index
    }

    /// Keeps each index in step with a write to `paths` of `tree`: children
    /// changed below its location are re-sorted; a write at or above it
    /// drops it, to be rebuilt when next queried. Keys are copied first so
    /// that no second reference makes an index's storage copy itself.
    mutating func update(after paths: [FirebasePath], in tree: FirebaseTree, priorities: FirebasePriorities) {
        for key in Array(entries.keys) {
            var touched: Set<String> = []
            var replaced = false
            for path in paths {
                if path.isStrictlyWithin(key.path) {
                    // A change below a child (or to its priority) moves the child.
                    touched.insert(path.keys[key.path.depth])
                } else if key.path.isWithin(path) {
                    replaced = true
                    break
                }
            }
            if replaced {
                entries[key] = nil
                continue
            }
            for child in touched {
                let path = key.path.appending(child)
                entries[key]?.index.update(
                    child: child, to: tree.value(at: path), priority: priorities.priority(at: path))
            }
        }
    }

    /// Forgets every index.
    mutating func removeAll() {
        entries.removeAll()
    }
}
