import Foundation
import Networking
import SandboxCore

/// A value inside a formula, following Airtable's loose rules: blank equals
/// `""`, `0` and `FALSE()`; booleans are the numbers 1 and 0; a number and
/// a numeric string compare as numbers; a date and a text that reads as a
/// date compare as dates; an error makes the formula false in a filter.
enum AirtableFormulaValue: Sendable, Hashable {
    case blank
    case number(Double)
    case string(String)
    case boolean(Bool)
    case date(AirtableFormulaDate)
    /// A list, as multiple-select, linked-record and lookup fields give.
    case array([AirtableFormulaValue])
    /// An error value, such as `#ERROR!`; any operation on it gives it back.
    case error(String)

    /// The error Airtable shows for most invalid operations.
    static let invalid = AirtableFormulaValue.error("#ERROR!")

    /// A text value: blank when empty.
    static func text(_ text: String) -> AirtableFormulaValue {
        text.isEmpty ? .blank : .string(text)
    }

    /// A number value: `NaN` and infinities are errors.
    static func numeric(_ value: Double) -> AirtableFormulaValue {
        value.isFinite ? .number(value) : .error(value.isNaN ? "NaN" : "#ERROR!")
    }

    /// Whether a filter keeps a record whose formula gives this value.
    var isTruthy: Bool {
        switch self {
        case .blank, .error: false
        case .number(let value): value != 0
        case .string(let text): !text.isEmpty
        case .boolean(let flag): flag
        case .date: true
        case .array(let elements): !elements.isEmpty
        }
    }

    var isError: Bool {
        if case .error = self { return true }
        return false
    }

    var isBlank: Bool {
        switch self {
        case .blank: true
        case .string(let text): text.isEmpty
        case .array(let elements): elements.isEmpty
        default: false
        }
    }

    /// The value as a number when Airtable would treat it as one.
    var numeric: Double? {
        switch self {
        case .blank: 0
        case .number(let value): value
        case .boolean(let flag): flag ? 1 : 0
        case .string(let text): Self.number(in: text)
        case .date(let date): date.milliseconds
        case .array(let elements): elements.count == 1 ? elements[0].numeric : nil
        case .error: nil
        }
    }

    /// A number read from text as JavaScript's `Number()` would: blank is
    /// zero, surrounding spaces are ignored, anything else is not a number.
    static func number(in text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return 0 }
        guard trimmed.utf8.count <= 64, let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }

    /// The value as text, as `&` and the text functions read it.
    var text: String {
        switch self {
        case .blank: ""
        case .number(let value): Self.text(of: value)
        case .boolean(let flag): flag ? "1" : "0"
        case .string(let text): text
        case .date(let date): date.isoText
        case .array(let elements): elements.map(\.text).joined(separator: ", ")
        case .error(let code): code
        }
    }

    /// A number as JavaScript prints it: integers without a point.
    static func text(of value: Double) -> String {
        JSON.number(value).jsonText
    }

    /// The value as a date, when it is one or is text that reads as one.
    var date: AirtableFormulaDate? {
        switch self {
        case .date(let date): date
        case .string(let text): AirtableFormulaDate(parsing: text)
        case .array(let elements): elements.count == 1 ? elements[0].date : nil
        default: nil
        }
    }

    /// The elements, flattened, when the value is a list; else the value
    /// alone.
    var flattened: [AirtableFormulaValue] {
        guard case .array(let elements) = self else { return [self] }
        return elements.flatMap(\.flattened)
    }

    /// The value as a response shows a formula field: numbers and text as
    /// JSON, dates in ISO 8601, errors as `{"specialValue": …}` or
    /// `{"error": …}`.
    var json: JSON {
        switch self {
        case .blank: .null
        case .number(let value): .number(value)
        case .boolean(let flag): .number(flag ? 1 : 0)
        case .string(let text): .string(text)
        case .date(let date): .string(date.isoText)
        case .array(let elements): .array(elements.map(\.json))
        case .error("NaN"): ["specialValue": "NaN"]
        case .error(let code): ["error": .string(code)]
        }
    }
}
