import Networking

extension FirebaseQuery.Order {
    /// The value this ordering sorts `child` by: the child itself, the
    /// value at the child path (`null` when missing), or its priority.
    ///
    /// Ordering by key sorts by key alone; its sort value is `null`.
    public func sortValue(of child: JSON) -> FirebaseSortValue {
        switch self {
        case .key:
            return .null
        case .value:
            return FirebaseSortValue(FirebaseExport.strip(child))
        case .priority:
            return FirebaseSortValue(child[FirebaseExport.priorityKey] ?? .null)
        case .child(let path):
            var value = child
            for segment in FirebasePath.segments(of: path) {
                guard let next = value.child(segment) else { return .null }
                value = next
            }
            return FirebaseSortValue(FirebaseExport.strip(value))
        }
    }

    /// Whether `lhs` comes before `rhs` in this ordering: by sort value,
    /// then by key (``FirebaseKeyOrder``), as Firebase orders them.
    public func areInIncreasingOrder(_ lhs: FirebaseChild<JSON>, _ rhs: FirebaseChild<JSON>) -> Bool {
        if self != .key {
            let left = sortValue(of: lhs.value)
            let right = sortValue(of: rhs.value)
            if left != right { return left < right }
        }
        return FirebaseKeyOrder.areInIncreasingOrder(lhs.key, rhs.key)
    }

    /// `children` sorted into this ordering.
    public func sorted(_ children: [FirebaseChild<JSON>]) -> [FirebaseChild<JSON>] {
        // Each sort value is computed once, not once per comparison.
        children.map { (child: $0, value: self == .key ? .null : sortValue(of: $0.value)) }
            .sorted { lhs, rhs in
                if lhs.value != rhs.value { return lhs.value < rhs.value }
                return FirebaseKeyOrder.areInIncreasingOrder(lhs.child.key, rhs.child.key)
            }
            .map(\.child)
    }
}
