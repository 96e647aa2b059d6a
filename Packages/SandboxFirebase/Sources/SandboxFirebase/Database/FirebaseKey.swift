import Foundation
import SandboxCore

/// Firebase's rules for child keys: which are valid, and how they order.
enum FirebaseKey {
    /// The special members Firebase gives meaning to inside written data:
    /// server values, wrapped values and priorities.
    static let specialKeys: Set<String> = [".sv", ".value", ".priority"]

    /// Whether `key` may name a child: not empty, and none of
    /// `. $ # [ ] /` or ASCII control characters (0x00–0x1F, 0x7F).
    /// The length limit is checked separately because it has its own error.
    static func isValid(_ key: String) -> Bool {
        !key.isEmpty && !key.utf8.contains { $0 == UInt8(ascii: "/") || isForbidden($0) }
    }

    /// Whether `byte` may not appear in a key, `/` aside (it separates
    /// keys): `. $ # [ ]` and ASCII control characters.
    private static func isForbidden(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x1F, 0x7F, UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"):
            true
        default:
            false
        }
    }

    /// Whether every key of `path`, a relative path whose keys `/`
    /// separates, is valid as ``isValid(_:)`` says, empty keys aside (a
    /// split drops them), and whether it has a `/` at all (for a valid
    /// path: the pass stops at the first invalid byte): one pass over its
    /// bytes, not one per key.
    static func check(path: String) -> (isValid: Bool, hasSeparator: Bool) {
        var path = path
        return path.withUTF8 { bytes in
            var hasSeparator = false
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    hasSeparator = true
                } else if isForbidden(byte) {
                    return (false, hasSeparator)
                }
            }
            return (true, hasSeparator)
        }
    }

    /// The key as a 32-bit integer if Firebase treats it as one
    /// (`-?0*\d{1,10}` within the 32-bit range), which makes it sort
    /// numerically before every other key.
    static func int32Value(_ key: String) -> Int32? {
        // Most keys are words: settled by their first byte, before a slice
        // of the key is made.
        guard let first = key.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else {
            return nil
        }
        var digits = key.utf8[...]
        let negative = first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        // `0*\d{1,10}`: any run of leading zeros, then one to ten digits.
        let significant = digits.drop { $0 == 0x30 }
        guard significant.count <= 10 else { return nil }
        var value: Int64 = 0
        for digit in significant {
            value = value * 10 + Int64(digit - 0x30)
        }
        if negative { value = -value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }

    /// Whether `key` is an array index in Firebase's sense (`0|[1-9]\d*`),
    /// and its value.
    static func arrayIndex(_ key: String) -> Int? {
        let bytes = key.utf8
        guard let first = bytes.first, bytes.count <= 18, (0x30...0x39).contains(first) else { return nil }
        if first == 0x30 { return bytes.count == 1 ? 0 : nil }
        var value = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// Firebase's key order: 32-bit integer keys first, numerically (equal
    /// numbers by length, so `"1"` before `"01"`, then by bytes), then the other keys in
    /// UTF-16 code unit order, as JavaScript compares strings.
    static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        if lhs == rhs { return .orderedSame }
        return compare(lhs, int32Value(lhs), rhs, int32Value(rhs))
    }

    /// ``compare(_:_:)`` with each key's ``int32Value(_:)`` already read:
    /// how a large object is sorted, reading each key's number once.
    static func compare(_ lhs: String, _ lhsNumber: Int32?, _ rhs: String, _ rhsNumber: Int32?) -> ComparisonResult {
        switch (lhsNumber, rhsNumber) {
        case (let left?, let right?):
            if left != right { return left < right ? .orderedAscending : .orderedDescending }
            if lhs.utf8.count != rhs.utf8.count {
                return lhs.utf8.count < rhs.utf8.count ? .orderedAscending : .orderedDescending
            }
            return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? .orderedAscending : .orderedDescending
        case (.some, nil):
            return .orderedAscending
        case (nil, .some):
            return .orderedDescending
        case (nil, nil):
            return compareUTF16(lhs, rhs)
        }
    }

    /// Compares strings by UTF-16 code units, the order JavaScript and the
    /// Firebase server use. Swift strings are UTF-8, whose byte order is
    /// code point order; the two agree except for characters above U+FFFF
    /// against U+E000–U+FFFF, so bytes decide until a non-ASCII difference.
    static func compareUTF16(_ lhs: String, _ rhs: String) -> ComparisonResult {
        // Native strings are contiguous UTF-8: compare bytes while both are ASCII.
        let fast: ComparisonResult?? = lhs.utf8.withContiguousStorageIfAvailable { left -> ComparisonResult? in
            let inner: ComparisonResult?? = rhs.utf8.withContiguousStorageIfAvailable { right -> ComparisonResult? in
                for (leftByte, rightByte) in zip(left, right) where leftByte != rightByte {
                    guard leftByte < 0x80, rightByte < 0x80 else { return nil }
                    return leftByte < rightByte ? .orderedAscending : .orderedDescending
                }
                if left.count == right.count { return .orderedSame }
                return left.count < right.count ? .orderedAscending : .orderedDescending
            }
            return inner ?? nil
        }
        if case .some(.some(let result)) = fast { return result }
        var lhsBytes = lhs.utf8.makeIterator()
        var rhsBytes = rhs.utf8.makeIterator()
        while true {
            switch (lhsBytes.next(), rhsBytes.next()) {
            case (nil, nil):
                return .orderedSame
            case (nil, _):
                return .orderedAscending
            case (_, nil):
                return .orderedDescending
            case (let left?, let right?):
                if left == right { continue }
                if left < 0x80 && right < 0x80 {
                    return left < right ? .orderedAscending : .orderedDescending
                }
                return lhs.utf16.lexicographicallyPrecedes(rhs.utf16) ? .orderedAscending : .orderedDescending
            }
        }
    }
}
