import Foundation

/// A formula for `filterByFormula`, built so that values are always quoted
/// the way Airtable's formula language reads them: a name or a string from
/// your users can never end its quotes early and change the formula.
///
/// ```swift
/// let name = "O'Brien \"Q\""
/// let formula = AirtableFormula.field("Name").equals(.string(name))
///     .and(.field("Due date").isBefore(.date(deadline)))
/// let query = AirtableQuery(filterByFormula: formula.text)
/// // AND({Name}="O'Brien \"Q\"",IS_BEFORE({Due date},DATETIME_PARSE("2025-01-31T00:00:00.000Z")))
/// ```
///
/// Comparisons of comparisons are parenthesized; values and calls are not.
///
/// Every function of Airtable's formula reference is reachable with
/// `call(_:_:)`, and a formula written by hand still works with
/// ``init(raw:)``.
public struct AirtableFormula: Sendable, Hashable, CustomStringConvertible {
    /// The formula's text, ready for `filterByFormula`.
    public let text: String
    /// Whether the text is one value or call, which needs no parentheses
    /// as an operand.
    private let isAtomic: Bool

    /// A formula written by hand, used as it is (in parentheses when it is
    /// an operand).
    public init(raw text: String) {
        self.init(text, isAtomic: false)
    }

    private init(_ text: String, isAtomic: Bool) {
        self.text = text
        self.isAtomic = isAtomic
    }

    /// The formula's text.
    public var description: String { text }

    // MARK: Values

    /// A field, by name: `{Name}`. Backslashes and `}` in the name are
    /// escaped with a backslash.
    public static func field(_ name: String) -> AirtableFormula {
        AirtableFormula("{" + escaped(name, quote: "}") + "}", isAtomic: true)
    }

    /// A string in double quotes, with `\` and `"` escaped.
    public static func string(_ value: String) -> AirtableFormula {
        AirtableFormula("\"" + escaped(value, quote: "\"") + "\"", isAtomic: true)
    }

    /// A whole number.
    public static func number(_ value: Int) -> AirtableFormula {
        AirtableFormula(String(value), isAtomic: true)
    }

    /// A number; one that is not finite (which no formula can write) is
    /// `BLANK()`.
    public static func number(_ value: Double) -> AirtableFormula {
        guard value.isFinite else { return AirtableFormula("BLANK()", isAtomic: true) }
        if value == value.rounded(), abs(value) < 1e15 {
            return AirtableFormula(String(Int64(value)), isAtomic: true)  // safe: whole and within Int64
        }
        return AirtableFormula(String(value), isAtomic: true)
    }

    /// `TRUE()` or `FALSE()`.
    public static func bool(_ value: Bool) -> AirtableFormula {
        AirtableFormula(value ? "TRUE()" : "FALSE()", isAtomic: true)
    }

    /// A moment, as `DATETIME_PARSE("…Z")` in UTC with milliseconds.
    public static func date(_ date: Date) -> AirtableFormula {
        call("DATETIME_PARSE", .string(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))
    }

    /// A function of Airtable's formula reference: `NAME(arguments…)`.
    /// Characters other than letters, digits and `_` are left out of the
    /// name, so it cannot carry anything else into the formula.
    public static func call(_ function: String, _ arguments: AirtableFormula...) -> AirtableFormula {
        call(function, arguments)
    }

    /// A function with its arguments in an array.
    public static func call(_ function: String, _ arguments: [AirtableFormula]) -> AirtableFormula {
        let name = String(
            function.unicodeScalars.filter {
                $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            })
        return AirtableFormula(name + "(" + arguments.map(\.text).joined(separator: ",") + ")", isAtomic: true)
    }

    // MARK: Comparisons and logic

    /// `self = other`.
    public func equals(_ other: AirtableFormula) -> AirtableFormula { infix("=", other) }
    /// `self != other`.
    public func notEquals(_ other: AirtableFormula) -> AirtableFormula { infix("!=", other) }
    /// `self < other`.
    public func isLess(than other: AirtableFormula) -> AirtableFormula { infix("<", other) }
    /// `self <= other`.
    public func isLessOrEqual(to other: AirtableFormula) -> AirtableFormula { infix("<=", other) }
    /// `self > other`.
    public func isGreater(than other: AirtableFormula) -> AirtableFormula { infix(">", other) }
    /// `self >= other`.
    public func isGreaterOrEqual(to other: AirtableFormula) -> AirtableFormula { infix(">=", other) }
    /// `IS_BEFORE(self, date)`.
    public func isBefore(_ date: AirtableFormula) -> AirtableFormula { .call("IS_BEFORE", self, date) }
    /// `IS_AFTER(self, date)`.
    public func isAfter(_ date: AirtableFormula) -> AirtableFormula { .call("IS_AFTER", self, date) }
    /// `AND(self, other)`.
    public func and(_ other: AirtableFormula) -> AirtableFormula { .all([self, other]) }
    /// `OR(self, other)`.
    public func or(_ other: AirtableFormula) -> AirtableFormula { .any([self, other]) }
    /// `NOT(self)`.
    public var not: AirtableFormula { .call("NOT", self) }

    /// `AND(…)` of every formula.
    public static func all(_ formulas: [AirtableFormula]) -> AirtableFormula { call("AND", formulas) }
    /// `OR(…)` of every formula.
    public static func any(_ formulas: [AirtableFormula]) -> AirtableFormula { call("OR", formulas) }

    /// Records whose fields equal these values: `AND({A}="x",{B}=2)`, or
    /// `OR(…)` with `matchingAny`, as pyairtable's `match()`.
    public static func match(
        _ fields: KeyValuePairs<String, AirtableFormula>, matchingAny: Bool = false
    ) -> AirtableFormula {
        let comparisons = fields.map { field($0.key).equals($0.value) }
        if comparisons.count == 1, let only = comparisons.first { return only }
        return matchingAny ? any(comparisons) : all(comparisons)
    }

    private func infix(_ operation: String, _ other: AirtableFormula) -> AirtableFormula {
        AirtableFormula(operand + operation + other.operand, isAtomic: false)
    }

    private var operand: String {
        isAtomic ? text : "(" + text + ")"
    }

    private static func escaped(_ text: String, quote: Character) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\\" || character == quote { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
