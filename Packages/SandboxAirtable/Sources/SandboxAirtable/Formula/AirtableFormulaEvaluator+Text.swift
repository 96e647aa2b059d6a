import Foundation
import SandboxCore

extension AirtableFormulaEvaluator {
    /// The text functions. Positions and lengths count UTF-16 code units
    /// and start at 1, as Airtable's (JavaScript) strings do.
    mutating func text(_ function: AirtableFormulaFunction, _ values: [AirtableFormulaValue]) -> AirtableFormulaValue {
        let subject = values.first?.text ?? ""
        guard spend(subject.utf8.count / 64) else { return .invalid }
        switch function {
        case .concatenate:
            return text(values.map(\.text).joined())
        case .len:
            return .number(Double(subject.utf16.count))
        case .lower:
            return .text(subject.lowercased())
        case .upper:
            return .text(subject.uppercased())
        case .trim:
            return .text(subject.trimmingCharacters(in: .whitespacesAndNewlines))
        case .t:
            if case .string = values[0] { return values[0] }
            return .blank
        case .encodeURLComponent:
            return .text(subject.addingPercentEncoding(withAllowedCharacters: Self.uriComponentCharacters) ?? "")
        case .find, .search:
            // FIND(needle, haystack, [start]): 0 when absent; SEARCH gives
            // blank instead.
            let needle = Array(values[0].text.utf16)
            let haystack = Array(values[1].text.utf16)
            guard let start = values.count > 2 ? Self.integer(values[2]) : 1 else { return .invalid }
            guard spend(haystack.count / 16), let position = Self.index(of: needle, in: haystack, from: start - 1)
            else { return function == .find ? .number(0) : .blank }
            return .number(Double(position + 1))
        case .left, .right:
            guard let count = Self.integer(values[1]), count >= 0 else { return .invalid }
            let units = Array(subject.utf16)
            let taken = Swift.min(count, units.count)
            return .text(Self.string(function == .left ? units[..<taken] : units[(units.count - taken)...]))
        case .mid:
            guard let start = Self.integer(values[1]), let count = Self.integer(values[2]), start >= 1, count >= 0
            else { return .invalid }
            let units = Array(subject.utf16)
            guard start - 1 < units.count else { return .blank }
            return .text(Self.string(units[(start - 1)..<Swift.min(units.count, start - 1 + count)]))
        case .replace:
            // REPLACE(text, start, count, replacement).
            guard let start = Self.integer(values[1]), let count = Self.integer(values[2]), start >= 1, count >= 0
            else { return .invalid }
            let units = Array(subject.utf16)
            let from = Swift.min(start - 1, units.count)
            let to = Swift.min(from + count, units.count)
            return text(Self.string(units[..<from]) + values[3].text + Self.string(units[to...]))
        case .rept:
            guard let count = Self.integer(values[1]), count >= 0 else { return .invalid }
            guard count == 0 || subject.utf16.count <= Self.maxTextLength / count else { return .invalid }
            return text(String(repeating: subject, count: count))
        case .substitute:
            return substitute(subject, values[1].text, values[2].text, occurrence: values.count > 3 ? values[3] : nil)
        case .regexMatch, .regexExtract, .regexReplace:
            return regex(function, subject, values)
        default:
            return .blank
        }
    }

    /// `encodeURIComponent`'s unreserved characters.
    private static let uriComponentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")

    private static func string(_ units: ArraySlice<UInt16>) -> String {
        String(decoding: units, as: UTF16.self)
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    private static func index(of needle: [UInt16], in haystack: [UInt16], from start: Int) -> Int? {
        let start = Swift.max(start, 0)
        guard !needle.isEmpty else { return start <= haystack.count ? start : nil }
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for position in start...(haystack.count - needle.count)
        where haystack[position] == needle[0] && haystack[position..<(position + needle.count)].elementsEqual(needle) {
            return position
        }
        return nil
    }

    /// SUBSTITUTE(text, old, new, [which]): every occurrence, or only the
    /// `which`-th.
    private mutating func substitute(
        _ subject: String, _ old: String, _ new: String, occurrence: AirtableFormulaValue?
    ) -> AirtableFormulaValue {
        guard !old.isEmpty else { return .text(subject) }
        guard let occurrence else { return text(subject.replacingOccurrences(of: old, with: new)) }
        guard let which = Self.integer(occurrence), which >= 1 else { return .invalid }
        var remaining = subject[...]
        var output = ""
        var seen = 0
        while let range = remaining.range(of: old) {
            seen += 1
            output += remaining[..<range.lowerBound]
            output += seen == which ? new : old
            remaining = remaining[range.upperBound...]
            if seen == which { break }
        }
        return text(output + remaining)
    }

    /// REGEX_MATCH, REGEX_EXTRACT (the first match) and REGEX_REPLACE
    /// (every match), with the linear-time matcher; a pattern it cannot
    /// read is an error.
    private mutating func regex(
        _ function: AirtableFormulaFunction, _ subject: String, _ values: [AirtableFormulaValue]
    ) -> AirtableFormulaValue {
        guard let regex = regex(values[1].text) else { return .invalid }
        let scalars = Array(subject.unicodeScalars)
        var allowance = Swift.min(budget, 10_000_000)
        defer { budget -= Swift.min(budget, 10_000_000) - allowance }
        guard case .some(let first) = regex.firstMatch(in: scalars, from: 0, budget: &allowance) else {
            return .invalid
        }
        switch function {
        case .regexMatch:
            return .boolean(first != nil)
        case .regexExtract:
            guard let first else { return .invalid }
            return .text(Self.string(scalars[first]))
        default:
            let replacement = values.count > 2 ? values[2].text : ""
            var output = ""
            var position = 0
            var match = first
            while let range = match {
                output += Self.string(scalars[position..<range.lowerBound]) + replacement
                // An empty match moves on by one character.
                if range.isEmpty {
                    if range.lowerBound < scalars.count {
                        output += Self.string(scalars[range.lowerBound...range.lowerBound])
                    }
                    position = range.lowerBound + 1
                } else {
                    position = range.upperBound
                }
                guard position <= scalars.count, output.utf16.count <= Self.maxTextLength else { break }
                guard case .some(let next) = regex.firstMatch(in: scalars, from: position, budget: &allowance) else {
                    return .invalid
                }
                match = next
            }
            if position < scalars.count { output += Self.string(scalars[position...]) }
            return text(output)
        }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
