import Foundation
import Networking
import SandboxCore

/// The data a rule reads: the tree as it is now, and for a write, the
/// values the write replaced, so that `data` and `root` read the tree as it
/// was and `newData` as it would be, without copying the tree.
struct FirebaseRuleData: Sendable {
    /// The tree: after the write, for a write being checked.
    let tree: FirebaseTree
    /// Each place a write changed, with the value it held before (outermost
    /// places are looked up first).
    let replaced: [(path: FirebasePath, value: JSON)]
    /// The priorities, after the write.
    let priorities: FirebasePriorities
    /// The priorities before the write.
    let previousPriorities: FirebasePriorities
    /// The one place a single-path write set, and the value it left there:
    /// the new data at the written path, known without a walk from the root
    /// through the database's largest objects.
    let written: (path: FirebasePath, value: JSON)?

    /// The data of a read: nothing replaced.
    init(tree: FirebaseTree, priorities: FirebasePriorities = FirebasePriorities()) {
        self.tree = tree
        replaced = []
        self.priorities = priorities
        previousPriorities = priorities
        written = nil
    }

    /// The data of a write applied to `tree`, which replaced `replaced`;
    /// `written` is the place and value of a write that set one place.
    init(
        tree: FirebaseTree, replaced: [(path: FirebasePath, value: JSON)],
        written: (path: FirebasePath, value: JSON)? = nil,
        priorities: FirebasePriorities = FirebasePriorities(),
        previousPriorities: FirebasePriorities = FirebasePriorities()
    ) {
        self.tree = tree
        self.replaced = replaced.count < 2 ? replaced : replaced.sorted { $0.path.depth < $1.path.depth }
        self.written = written
        self.priorities = priorities
        self.previousPriorities = previousPriorities
    }

    /// The priority at `path`, after the write when `isNew`, else before.
    func priority(at path: FirebasePath, isNew: Bool) -> JSON {
        (isNew ? priorities : previousPriorities).priority(at: path) ?? .null
    }

    /// The value at `path`, after the write when `isNew`, else before it.
    func value(at path: FirebasePath, isNew: Bool) -> JSON {
        if isNew, let written, written.path == path { return written.value }
        guard !isNew, !replaced.isEmpty else { return tree.value(at: path) }
        // Inside a replaced place: read the old value.
        for entry in replaced where path.isWithin(entry.path) {
            return FirebaseTree.value(in: entry.value, at: path.keys[entry.path.depth...])
        }
        // Above replaced places: the current subtree with the old values
        // put back (only rules that read a whole parent get here).
        guard replaced.contains(where: { $0.path.isStrictlyWithin(path) }) else { return tree.value(at: path) }
        let below = replaced.filter { $0.path.isStrictlyWithin(path) }
        var subtree = FirebaseTree(root: tree.value(at: path))
        for entry in below.reversed() {
            subtree.set(entry.value, at: entry.path.relative(to: path))
        }
        return subtree.root
    }
}
