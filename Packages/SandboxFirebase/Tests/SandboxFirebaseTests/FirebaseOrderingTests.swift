import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

/// Randomness that always answers the largest value, to reach the push id
/// generator's overflow.
private struct MaximalGenerator: RandomNumberGenerator {
    mutating func next() -> UInt64 { .max }
}

/// A fixed, reproducible generator for the index test.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("Firebase emulator: push ids, key order and the ordered index")
struct FirebaseOrderingTests {
    @Test("Push ids within one millisecond are strictly increasing and share the time prefix")
    func pushIDsInOneMillisecond() {
        var generator = FirebasePushID()
        let ids = (0..<5_000).map { _ in generator.next(now: 1_700_000_000_000) }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids.map { $0.prefix(8) }).count == 1)
        #expect(ids.allSatisfy { $0.utf8.count == 20 })
        // 1_700_000_000_000 in base 64 over the push alphabet.
        #expect(ids[0].hasPrefix("-NjEtLV-"))
    }

    @Test("Push ids keep increasing when the clock steps back or the random part is exhausted")
    func pushIDEdgeCases() {
        var generator = FirebasePushID()
        let later = generator.next(now: 2_000)
        let earlier = generator.next(now: 1_000)
        #expect(earlier > later)

        var exhausted = FirebasePushID()
        var maximal = MaximalGenerator()
        let first = exhausted.next(now: 5_000, using: &maximal)
        let second = exhausted.next(now: 5_000, using: &maximal)
        #expect(first.hasSuffix("zzzzzzzzzzzz"))
        #expect(second > first)
        #expect(second.prefix(8) != first.prefix(8))
    }

    @Test("Keys: which are 32-bit integers, which are array indexes, which are valid")
    func keyClassification() {
        #expect(FirebaseKey.int32Value("2147483647") == Int32.max)
        #expect(FirebaseKey.int32Value("2147483648") == nil)
        #expect(FirebaseKey.int32Value("-2147483648") == Int32.min)
        #expect(FirebaseKey.int32Value("-2147483649") == nil)
        #expect(FirebaseKey.int32Value("00001") == 1)
        #expect(FirebaseKey.int32Value("000000000001234567890") == 1_234_567_890)
        #expect(FirebaseKey.int32Value("12345678901") == nil)
        for key in ["", "-", "1a", "a1", "+1", "1.0", " 1"] {
            #expect(FirebaseKey.int32Value(key) == nil, "\(key)")
        }
        #expect(FirebaseKey.arrayIndex("0") == 0 && FirebaseKey.arrayIndex("17") == 17)
        #expect(FirebaseKey.arrayIndex("01") == nil && FirebaseKey.arrayIndex("-1") == nil)
        #expect(FirebaseKey.isValid("ok key-é_1"))
        for key in ["", "a.b", "a$", "a#", "a[", "a]", "a/b", "\u{0}", "a\u{1F}", "\u{7F}"] {
            #expect(!FirebaseKey.isValid(key), "\(key.debugDescription)")
        }
        // A path's keys are checked in one pass, as each key alone would be.
        for path in [
            "", "a", "a/b", "/a//b/", "ok key-é_1/x", "a.b/c", "a/b$", "#", "a/[", "x/]", "\u{7F}/a", "a/\u{1F}",
        ] {
            let keys = path.split(separator: "/").map(String.init)
            let check = FirebaseKey.check(path: path)
            #expect(check.isValid == keys.allSatisfy(FirebaseKey.isValid), "\(path.debugDescription)")
            #expect(check.isValid == false || check.hasSeparator == path.contains("/"), "\(path.debugDescription)")
        }
    }

    @Test("Strings compare by UTF-16 code units, as JavaScript and Firebase do")
    func utf16Order() {
        #expect(FirebaseKey.compareUTF16("\u{10000}", "\u{FFFF}") == .orderedAscending)
        #expect(FirebaseKey.compareUTF16("Z", "a") == .orderedAscending)
        #expect(FirebaseKey.compareUTF16("ab", "abc") == .orderedAscending)
        #expect(FirebaseKey.compareUTF16("é", "é") == .orderedSame)
        #expect(FirebaseKey.compare("10", "9") == .orderedDescending)
        #expect(FirebaseKey.compare("9", "a") == .orderedAscending)
        #expect(FirebaseKey.compare("1", "01") == .orderedAscending)
        #expect(FirebaseJSONWriter.sortedKeys(["b", "10", "a", "2", "-1"]) == ["-1", "2", "10", "a", "b"])
    }

    @Test(
        "Small objects, sorted in place, and large ones, sorted by position, write keys in the same order",
        arguments: [8, 9, 40])
    func memberOrder(count: Int) {
        // Equal numbers (`0`, `-0`, `00`) by length then bytes, numbers past
        // 32 bits as strings, and `\u{10000}` before `\u{FFFF}` (UTF-16 order).
        let keys =
            ["b", "10", "0", "-0", "00", "2147483648", "\u{FFFF}", "\u{10000}"]
            + (0..<count).map { "k\($0)" }
        let members = Dictionary(uniqueKeysWithValues: keys.prefix(count).map { ($0, JSON.null) })
        var written: [String] = []
        FirebaseJSONWriter.forEachSortedMember(members) { key, _ in written.append(key) }
        #expect(written == FirebaseJSONWriter.sortedKeys(members.keys))
        if count == 8 {
            #expect(written == ["0", "-0", "00", "10", "2147483648", "b", "\u{10000}", "\u{FFFF}"])
        }
    }

    @Test("Values order null < false < true < numbers < strings < objects")
    func valueOrder() {
        let ascending: [FirebaseIndexValue] = [
            .null, .false, .true, .number(-1), .number(2.5), .string("A"), .string("a"), .object,
        ]
        #expect(ascending == ascending.shuffled().sorted())
        #expect(FirebaseIndexValue(["x": 1]) == .object)
        #expect(FirebaseIndexValue([1, 2]) == .object)
    }

    @Test("The chunked sorted list agrees with a sorted array through inserts and removals")
    func sortedChunks() {
        var random = SplitMix(state: 42)
        var chunks = FirebaseSortedChunks<Int>(sorted: [])
        var reference: [Int] = []
        for _ in 0..<10_000 {
            let value = Int.random(in: 0..<5_000, using: &random)
            let index = reference.firstIndex { $0 >= value } ?? reference.count
            let present = index < reference.count && reference[index] == value
            if present, Bool.random(using: &random) {
                reference.remove(at: index)
                chunks.remove(value)
            } else if !present {
                reference.insert(value, at: index)
                chunks.insert(value)
            }
        }
        #expect(chunks.count == reference.count)
        #expect(chunks.prefix(Int.max, from: chunks.startPosition, to: chunks.endPosition) == reference)
        let lower = chunks.partitionPoint { $0 < 1_000 }
        let upper = chunks.partitionPoint { $0 <= 2_000 }
        let inRange = reference.filter { $0 >= 1_000 && $0 <= 2_000 }
        #expect(chunks.prefix(7, from: lower, to: upper) == Array(inRange.prefix(7)))
        #expect(chunks.suffix(7, from: lower, to: upper) == Array(inRange.suffix(7)))
        #expect(chunks.suffix(Int.max, from: lower, to: upper) == inRange)
    }

    @Test("The index selects what sorting everything would")
    func indexMatchesSorting() {
        var random = SplitMix(state: 7)
        var children: [String: JSON] = [:]
        for index in 0..<3_000 {
            let score: JSON =
                switch Int.random(in: 0..<6, using: &random) {
                case 0: .null
                case 1: .bool(Bool.random(using: &random))
                case 2, 3: .number(Double(Int.random(in: 0..<50, using: &random)))
                case 4: .string(["a", "b", "B", "é"].randomElement(using: &random) ?? "a")
                default: ["nested": 1]
                }
            children["k\(index)"] = score.isNull ? ["other": 1] : ["score": score]
        }
        let order = FirebaseRESTQuery.Order.child(FirebasePath(keys: ["score"]))
        var index = FirebaseOrderedIndex(location: .object(children), order: order)
        index.update(child: "k0", to: ["score": 25])
        children["k0"] = ["score": 25]
        index.update(child: "k1", to: .null)
        children["k1"] = nil
        let sorted = children.map {
            FirebaseOrderedIndex.Entry(value: FirebaseOrderedIndex.sortValue(of: $0.value, order: order), key: $0.key)
        }
        .sorted()
        .map(\.key)
        let query = FirebaseRESTQuery(
            order: order, start: .init(value: .number(10), key: .min, inclusive: true),
            end: .init(value: .string("b"), key: .max, inclusive: true), limit: .last(40))
        let expected = sorted.filter { key in
            let value = FirebaseOrderedIndex.sortValue(of: children[key] ?? .null, order: order)
            return value >= .number(10) && value <= .string("b")
        }
        #expect(index.select(query) == Array(expected.suffix(40)))
        #expect(index.count == children.count)
    }
}
