import Foundation
import Networking

/// The regular expressions of the Firebase rules' `matches(/…/)` and of
/// Airtable's `REGEX_MATCH`, `REGEX_EXTRACT` and `REGEX_REPLACE`: the subset
/// the Realtime Database documents (`.`, `*`, `+`, `?`, `{n}`, `{n,}`,
/// `{n,m}`, `[…]` and `[^…]`, `\d \w \s \D \W \S`, `^`, `$`, `|`, groups,
/// the `i` flag), which is also the common core of RE2, Airtable's syntax.
///
/// It is compiled to a small program and run as a Pike machine: every
/// alternative advances in step over the string, so a pathological pattern
/// such as `(a*)*b` costs at most the program's length per character and
/// cannot backtrack. Programs and runs are both bounded: a pattern that
/// compiles to more than ``maxInstructions`` is refused when the rules are
/// parsed, and a match that would take more than its step budget fails.
public struct LinearRegex: Sendable {
    /// The most instructions a pattern may compile to, `{n,m}` copies
    /// included.
    public static let maxInstructions = 2000
    /// The most characters a pattern may have.
    public static let maxPatternLength = 1000

    /// Why a pattern was refused.
    public struct SyntaxError: Error {
        /// What is wrong with the pattern, and where.
        public var message: String
    }

    /// What one instruction matches or does.
    private enum Instruction: Sendable {
        /// One character in the set.
        case character(CharacterSet)
        /// Go on at both targets.
        case split(Int, Int)
        /// Go on at the target.
        case jump(Int)
        /// Only at the start of the string.
        case start
        /// Only at the end of the string.
        case end
        /// The pattern matched.
        case match
    }

    /// A set of characters: ranges of scalars and classes, or their
    /// complement.
    fileprivate struct CharacterSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [Class] = []
        var negated = false
        var caseInsensitive = false

        enum Class: Sendable {
            case digit, word, space, notDigit, notWord, notSpace, anyButNewline
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            var found = containsExactly(scalar.value)
            if !found, caseInsensitive {
                let lower = scalar.properties.lowercaseMapping.unicodeScalars
                let upper = scalar.properties.uppercaseMapping.unicodeScalars
                if lower.count == 1, let other = lower.first { found = containsExactly(other.value) }
                if !found, upper.count == 1, let other = upper.first { found = containsExactly(other.value) }
            }
            return found != negated
        }

        private func containsExactly(_ value: UInt32) -> Bool {
            for range in ranges where range.contains(value) { return true }
            for kind in classes where Self.matches(kind, value) { return true }
            return false
        }

        private static func matches(_ kind: Class, _ value: UInt32) -> Bool {
            let isDigit = (48...57).contains(value)
            let isWord = isDigit || (65...90).contains(value) || (97...122).contains(value) || value == 95
            let isSpace = [9, 10, 11, 12, 13, 32, 0xA0, 0x2028, 0x2029, 0xFEFF].contains(value)
            switch kind {
            case .digit: return isDigit
            case .word: return isWord
            case .space: return isSpace
            case .notDigit: return !isDigit
            case .notWord: return !isWord
            case .notSpace: return !isSpace
            case .anyButNewline: return ![10, 13, 0x2028, 0x2029].contains(value)
            }
        }
    }

    private let program: [Instruction]
    /// The pattern as written, for the rules' strict form and messages.
    public let pattern: String
    /// The flags as written (`i` or nothing).
    public let flags: String

    /// Compiles `pattern` with `flags`; only `i` is a known flag.
    public init(pattern: String, flags: String) throws(SyntaxError) {
        guard pattern.unicodeScalars.count <= Self.maxPatternLength else {
            throw SyntaxError(message: "Regular expression is too long")
        }
        var caseInsensitive = false
        for flag in flags {
            guard flag == "i", !caseInsensitive else { throw SyntaxError(message: "Invalid regular expression flags") }
            caseInsensitive = true
        }
        var compiler = Compiler(scalars: Array(pattern.unicodeScalars), caseInsensitive: caseInsensitive)
        program = try compiler.compile()
        self.pattern = pattern
        self.flags = flags
    }

    /// Whether the pattern matches somewhere in `text`, or `nil` when that
    /// would take more than `budget` steps (one step per live alternative
    /// per character); `budget` is reduced by the steps taken.
    public func matches(_ text: String, budget: inout Int) -> Bool? {
        run(Array(text.unicodeScalars), from: 0, budget: &budget, earliest: true).map { $0 != nil }
    }

    /// The first match in `scalars` at or after `start`, as offsets of
    /// scalars: the leftmost, and among those the one a backtracking
    /// matcher would find (greedy quantifiers longest, alternatives in
    /// order). `nil` when the budget ran out; `.some(nil)` when there is no
    /// match.
    public func firstMatch(in scalars: [Unicode.Scalar], from start: Int, budget: inout Int) -> Range<Int>?? {
        run(scalars, from: start, budget: &budget, earliest: false)
    }

    /// The Pike machine. Threads are kept in priority order with the
    /// position their attempt started at; once one matches, the threads of
    /// lower priority are dropped and no new attempt starts, so the match
    /// kept is the leftmost-first one. `earliest` stops at the first match
    /// reached, for a yes-or-no answer.
    private func run(
        _ scalars: [Unicode.Scalar], from start: Int, budget: inout Int, earliest: Bool
    ) -> Range<Int>?? {
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var found: Range<Int>?
        var position = start
        while true {
            // Unanchored: a new attempt starts at every position, until a
            // match is found.
            if found == nil,
                let end = addThread(0, startedAt: position, at: position, count: scalars.count, to: &current)
            {
                found = position..<end
                if earliest { return found }
            }
            budget -= current.count
            if budget < 0 { return nil }
            guard position < scalars.count, !current.items.isEmpty || found == nil else { return .some(found) }
            let scalar = scalars[position]
            next.removeAll()
            for (pc, origin) in current.items {
                guard case .character(let set) = program[pc], set.contains(scalar) else { continue }
                if let end = addThread(pc + 1, startedAt: origin, at: position + 1, count: scalars.count, to: &next) {
                    found = origin..<end
                    if earliest { return found }
                    // Lower-priority threads cannot give the match kept.
                    break
                }
            }
            swap(&current, &next)
            position += 1
        }
    }

    /// Follows jumps, splits and assertions from `pc`, adding the character
    /// instructions reached with the start of their attempt; the position
    /// where a match ends when `match` is reached.
    private func addThread(
        _ pc: Int, startedAt origin: Int, at position: Int, count: Int, to list: inout ThreadList
    ) -> Int? {
        var pending = [pc]
        while let pc = pending.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .character:
                list.items.append((pc, origin))
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .jump(let target):
                pending.append(target)
            case .start:
                if position == 0 { pending.append(pc + 1) }
            case .end:
                if position == count { pending.append(pc + 1) }
            case .match:
                return position
            }
        }
        return nil
    }

    /// The instructions live at one position, each once.
    private struct ThreadList {
        var seen: [Bool]
        var marked: [Int] = []
        /// Character instructions, highest priority first, with the
        /// position their attempt started at.
        var items: [(pc: Int, origin: Int)] = []

        init(capacity: Int) {
            seen = Array(repeating: false, count: capacity)
        }

        var count: Int { items.count }

        mutating func insert(_ pc: Int) -> Bool {
            guard !seen[pc] else { return false }
            seen[pc] = true
            marked.append(pc)
            return true
        }

        mutating func removeAll() {
            for pc in marked { seen[pc] = false }
            marked.removeAll(keepingCapacity: true)
            items.removeAll(keepingCapacity: true)
        }
    }

    // MARK: Compiling

    /// A recursive-descent compiler from the pattern to instructions.
    private struct Compiler {
        let scalars: [Unicode.Scalar]
        let caseInsensitive: Bool
        var index = 0
        var depth = 0

        init(scalars: [Unicode.Scalar], caseInsensitive: Bool) {
            self.scalars = scalars
            self.caseInsensitive = caseInsensitive
        }

        /// A parsed piece of pattern: instructions with targets relative to
        /// the fragment's start.
        typealias Fragment = [Instruction]

        mutating func compile() throws(SyntaxError) -> [Instruction] {
            var fragment = try alternation()
            guard index == scalars.count else { throw SyntaxError(message: "Unmatched ')' in regular expression") }
            fragment.append(.match)
            try checkSize(fragment)
            return fragment
        }

        private func checkSize(_ fragment: Fragment) throws(SyntaxError) {
            guard fragment.count <= LinearRegex.maxInstructions else {
                throw SyntaxError(message: "Regular expression is too complex")
            }
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private mutating func alternation() throws(SyntaxError) -> Fragment {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 100 else { throw SyntaxError(message: "Regular expression is nested too deeply") }
            var result = try sequence()
            while peek == "|" {
                index += 1
                let other = try sequence()
                // split(1, after first); first; jump(end); other
                var combined: Fragment = [.split(1, result.count + 2)]
                combined += Self.shifted(result, by: 1)
                combined.append(.jump(result.count + 2 + other.count))
                combined += Self.shifted(other, by: result.count + 2)
                result = combined
                try checkSize(result)
            }
            return result
        }

        private mutating func sequence() throws(SyntaxError) -> Fragment {
            var result: Fragment = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                let atom = try self.atom()
                let repeated = try quantified(atom)
                result += Self.shifted(repeated, by: result.count)
                try checkSize(result)
            }
            return result
        }

        private mutating func atom() throws(SyntaxError) -> Fragment {
            guard let scalar = peek else { throw SyntaxError(message: "Unexpected end of regular expression") }
            index += 1
            switch scalar {
            case "(":
                // `(?:` groups the same way; no other group syntax exists here.
                if peek == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                        throw SyntaxError(message: "Invalid group in regular expression")
                    }
                    index += 2
                }
                let inner = try alternation()
                guard peek == ")" else { throw SyntaxError(message: "Unterminated group in regular expression") }
                index += 1
                return inner
            case "^":
                return [.start]
            case "$":
                return [.end]
            case ".":
                return [.character(set(classes: [.anyButNewline]))]
            case "[":
                return [.character(try bracket())]
            case "\\":
                return [.character(try escape(inClass: false))]
            case "*", "+", "?":
                throw SyntaxError(message: "Nothing to repeat in regular expression")
            default:
                return [.character(set(ranges: [scalar.value...scalar.value]))]
            }
        }

        private func set(ranges: [ClosedRange<UInt32>] = [], classes: [CharacterSet.Class] = []) -> CharacterSet {
            CharacterSet(ranges: ranges, classes: classes, negated: false, caseInsensitive: caseInsensitive)
        }

        private mutating func escape(inClass: Bool) throws(SyntaxError) -> CharacterSet {
            guard let scalar = peek else { throw SyntaxError(message: "Trailing '\\' in regular expression") }
            index += 1
            switch scalar {
            case "d": return set(classes: [.digit])
            case "D": return set(classes: [.notDigit])
            case "w": return set(classes: [.word])
            case "W": return set(classes: [.notWord])
            case "s": return set(classes: [.space])
            case "S": return set(classes: [.notSpace])
            case "n": return set(ranges: [10...10])
            case "t": return set(ranges: [9...9])
            case "r": return set(ranges: [13...13])
            default:
                guard !scalar.properties.isAlphabetic || scalar.value > 127 else {
                    throw SyntaxError(message: "Unsupported escape '\\\(scalar)' in regular expression")
                }
                return set(ranges: [scalar.value...scalar.value])
            }
        }

        private mutating func bracket() throws(SyntaxError) -> CharacterSet {
            var result = set()
            if peek == "^" {
                result.negated = true
                index += 1
            }
            var first = true
            while let scalar = peek, scalar != "]" || first {
                first = false
                index += 1
                let low: UInt32
                if scalar == "\\" {
                    let escaped = try escape(inClass: true)
                    guard escaped.classes.isEmpty, let single = escaped.ranges.first else {
                        result.classes += escaped.classes
                        continue
                    }
                    low = single.lowerBound
                } else {
                    low = scalar.value
                }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard let upperScalar = peek else { break }
                    index += 1
                    var high = upperScalar.value
                    if upperScalar == "\\" {
                        let escaped = try escape(inClass: true)
                        guard escaped.classes.isEmpty, let single = escaped.ranges.first else {
                            throw SyntaxError(message: "Invalid character class range in regular expression")
                        }
                        high = single.lowerBound
                    }
                    guard low <= high else {
                        throw SyntaxError(message: "Range out of order in character class")
                    }
                    result.ranges.append(low...high)
                } else {
                    result.ranges.append(low...low)
                }
            }
            guard peek == "]" else { throw SyntaxError(message: "Unterminated character class in regular expression") }
            index += 1
            return result
        }

        /// The atom under its quantifier, if one follows.
        private mutating func quantified(_ atom: Fragment) throws(SyntaxError) -> Fragment {
            guard let scalar = peek else { return atom }
            let range: (min: Int, max: Int?)
            switch scalar {
            case "*": range = (0, nil)
            case "+": range = (1, nil)
            case "?": range = (0, 1)
            case "{":
                guard let counted = try counts() else { return atom }
                range = counted
            default: return atom
            }
            if scalar != "{" { index += 1 }
            if peek == "?" { index += 1 }  // lazy and greedy match the same strings
            if case .start = atom.first, atom.count == 1 { return atom }
            if case .end = atom.first, atom.count == 1 { return atom }
            var result: Fragment = []
            for _ in 0..<range.min {
                result += Self.shifted(atom, by: result.count)
                try checkSize(result)
            }
            if let max = range.max {
                // Each optional copy: split(over it); atom.
                for _ in range.min..<max {
                    let start = result.count
                    result.append(.split(start + 1, start + 1 + atom.count))
                    result += Self.shifted(atom, by: start + 1)
                    try checkSize(result)
                }
            } else {
                // loop: split(body, out); body; jump(loop)
                let start = result.count
                result.append(.split(start + 1, start + 2 + atom.count))
                result += Self.shifted(atom, by: start + 1)
                result.append(.jump(start))
                try checkSize(result)
            }
            return result
        }

        /// `{n}`, `{n,}` or `{n,m}` at the current `{`, leaving the index
        /// after its `}`; `nil` (a literal `{`, index unmoved) when it is
        /// not one.
        private mutating func counts() throws(SyntaxError) -> (min: Int, max: Int?)? {
            let start = index
            index += 1
            guard let low = number() else {
                index = start
                return nil
            }
            var high: Int? = low
            if peek == "," {
                index += 1
                high = number()
            }
            guard peek == "}" else {
                index = start
                return nil
            }
            index += 1
            if let high, high < low { throw SyntaxError(message: "Numbers out of order in {} quantifier") }
            guard low <= LinearRegex.maxInstructions, (high ?? 0) <= LinearRegex.maxInstructions else {
                throw SyntaxError(message: "Regular expression is too complex")
            }
            return (low, high)
        }

        private mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = peek, ("0"..."9").contains(scalar), digits < 6 {
                value = value * 10 + Int(scalar.value - 48)
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : value
        }

        private static func shifted(_ fragment: Fragment, by offset: Int) -> Fragment {
            guard offset != 0 else { return fragment }
            return fragment.map { instruction in
                switch instruction {
                case .split(let first, let second): .split(first + offset, second + offset)
                case .jump(let target): .jump(target + offset)
                default: instruction
                }
            }
        }
    }
}
