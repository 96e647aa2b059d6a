/// A fault's path pattern, compiled once: `*` matches any run of bytes
/// (slashes included), everything else matches itself.
///
/// Matching is linear in the path's and the pattern's lengths whatever they
/// hold: the literal parts between stars are found left to right, each at
/// its first place (a later place never helps the parts after it), with a
/// Knuth–Morris–Pratt search whose tables are built when the pattern is.
/// A path of 60,000 bytes against a pattern of many stars costs one pass
/// per part, never the product of the two lengths.
public struct FaultPattern: Sendable, Hashable {
    /// The literal parts between stars; one part means no star at all.
    private let parts: [[UInt8]]
    /// For each middle part, KMP's failure table.
    private let failures: [[Int]]

    init(_ pattern: String) {
        parts = pattern.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
        failures = parts.map(Self.failureTable)
    }

    /// Whether `path` matches, compared byte for byte.
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { matches(bytes: $0) }
    }

    private func matches(bytes text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = parts.first, let last = parts.last else { return text.isEmpty }
        guard parts.count > 1 else { return text.elementsEqual(first) }
        guard text.count >= first.count + last.count, text.prefix(first.count).elementsEqual(first),
            text.suffix(last.count).elementsEqual(last)
        else { return false }
        var start = first.count
        let end = text.count - last.count
        for index in parts.indices.dropFirst().dropLast() where !parts[index].isEmpty {
            guard let found = Self.find(parts[index], failure: failures[index], in: text, from: start, to: end)
            else { return false }
            start = found
        }
        return true
    }

    /// Where the first occurrence of `needle` in `text[from..<to]` ends, or
    /// `nil`: one pass over that range.
    private static func find(
        _ needle: [UInt8], failure: [Int], in text: UnsafeBufferPointer<UInt8>, from: Int, to: Int
    ) -> Int? {
        var matched = 0
        var index = from
        while index < to {
            let byte = text[index]
            while matched > 0, needle[matched] != byte {
                matched = failure[matched - 1]
            }
            if needle[matched] == byte {
                matched += 1
                if matched == needle.count { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// KMP's table: for each prefix of `part`, the length of its longest
    /// proper prefix that is also a suffix.
    private static func failureTable(_ part: [UInt8]) -> [Int] {
        var table = [Int](repeating: 0, count: part.count)
        var length = 0
        var index = 1
        while index < part.count {
            if part[index] == part[length] {
                length += 1
                table[index] = length
                index += 1
            } else if length > 0 {
                length = table[length - 1]
            } else {
                index += 1
            }
        }
        return table
    }
}
