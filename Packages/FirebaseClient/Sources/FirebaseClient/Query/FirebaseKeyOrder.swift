/// Firebase's ordering of keys: what `orderBy="$key"` sorts by, and what
/// breaks ties between children whose values sort equal.
///
/// Keys that read as 32-bit integers come first, in numeric order; the
/// rest follow, ordered by UTF-16 code unit. So `"2"` < `"10"` < `"a"`,
/// where a plain string comparison would put `"10"` first.
///
/// ```swift
/// ["b", "10", "2", "a"].sorted(by: FirebaseKeyOrder.areInIncreasingOrder)  // ["2", "10", "a", "b"]
/// ```
public enum FirebaseKeyOrder {
    /// Whether the key `lhs` sorts before the key `rhs`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        switch (integerValue(of: lhs), integerValue(of: rhs)) {
        case (let left?, let right?):
            if left != right { return left < right }
            // The same number written two ways ("7", "007"): shorter first.
            if lhs.utf8.count != rhs.utf8.count { return lhs.utf8.count < rhs.utf8.count }
            return lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
        case (.some, nil):
            return true
        case (nil, .some):
            return false
        case (nil, nil):
            return lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
        }
    }

    /// The key as a 32-bit integer, if it is one: an optional minus sign,
    /// any leading zeros, then at most ten digits, within `Int32`'s range.
    static func integerValue(of key: String) -> Int32? {
        let isNegative = key.hasPrefix("-")
        let digits = key.dropFirst(isNegative ? 1 : 0)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 10, let magnitude = Int64(significant.isEmpty ? "0" : significant) else {
            return nil
        }
        return Int32(exactly: isNegative ? -magnitude : magnitude)
    }
}
