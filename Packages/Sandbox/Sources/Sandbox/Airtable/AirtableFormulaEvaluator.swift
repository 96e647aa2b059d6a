import Foundation
import Networking

/// A value inside a formula, following Airtable's loose rules: blank equals
/// `""`, `0` and `FALSE()`; booleans are the numbers 1 and 0; a number and
/// a numeric string compare as numbers.
enum AirtableFormulaValue: Sendable, Hashable {
    case blank
    case number(Double)
    case string(String)
    case boolean(Bool)

    /// What a cell reads as in a formula: text as itself, lists joined with
    /// ", ", a collaborator by name, an attachment as "filename (url)".
    init(cell: JSON?) {
        switch cell {
        case nil, .null?: self = .blank
        case .bool(let value)?: self = .boolean(value)
        case .number(let value)?: self = .number(value)
        case .string(let text)?: self = text.isEmpty ? .blank : .string(text)
        case .array(let elements)?:
            let parts = elements.map(Self.display)
            self = parts.isEmpty ? .blank : .string(parts.joined(separator: ", "))
        case .object?:
            self = cell.map { .string(Self.display($0)) } ?? .blank
        }
    }

    private static func display(_ value: JSON) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return JSON.number(number).jsonText
        case .bool(let flag): return flag ? "true" : "false"
        case .object(let members):
            if let filename = members["filename"]?.stringValue, let url = members["url"]?.stringValue {
                return "\(filename) (\(url))"
            }
            return members["name"]?.stringValue ?? members["email"]?.stringValue ?? members["id"]?.stringValue ?? ""
        default: return ""
        }
    }

    var isTruthy: Bool {
        switch self {
        case .blank: false
        case .number(let value): value != 0 && !value.isNaN
        case .string(let text): !text.isEmpty
        case .boolean(let flag): flag
        }
    }

    /// The value as a number when Airtable would treat it as one.
    fileprivate var numeric: Double? {
        switch self {
        case .blank: 0
        case .number(let value): value
        case .boolean(let flag): flag ? 1 : 0
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))
        }
    }

    fileprivate var text: String {
        switch self {
        case .blank: ""
        case .number(let value): JSON.number(value).jsonText
        case .boolean(let flag): flag ? "1" : "0"
        case .string(let text): text
        }
    }

    fileprivate var isString: Bool {
        if case .string = self { return true }
        return false
    }
}

/// Evaluates a parsed formula against one record.
struct AirtableFormulaEvaluator {
    let table: AirtableTable

    func matches(_ formula: AirtableFormula, _ record: AirtableRecord) -> Bool {
        evaluate(formula, record).isTruthy
    }

    func evaluate(_ formula: AirtableFormula, _ record: AirtableRecord) -> AirtableFormulaValue {
        switch formula {
        case .number(let value): return .number(value)
        case .string(let text): return text.isEmpty ? .blank : .string(text)
        case .boolean(let flag): return .boolean(flag)
        case .blank: return .blank
        case .recordID: return .string(record.id)
        case .field(let key):
            guard let field = table.field(key) else { return .blank }
            return AirtableFormulaValue(cell: AirtableCells.value(of: field, in: record))
        case .negate(let inner):
            return .number(-(evaluate(inner, record).numeric ?? .nan))
        case .not(let inner):
            return .boolean(!evaluate(inner, record).isTruthy)
        case .and(let terms):
            return .boolean(terms.allSatisfy { evaluate($0, record).isTruthy })
        case .or(let terms):
            return .boolean(terms.contains { evaluate($0, record).isTruthy })
        case .compare(let lhs, let comparison, let rhs):
            return .boolean(compare(evaluate(lhs, record), comparison, evaluate(rhs, record)))
        }
    }

    private func compare(
        _ lhs: AirtableFormulaValue, _ comparison: AirtableFormula.Comparison, _ rhs: AirtableFormulaValue
    ) -> Bool {
        let order: ComparisonResult
        if lhs.isString, rhs.isString {
            order = lhs.text == rhs.text ? .orderedSame : (lhs.text < rhs.text ? .orderedAscending : .orderedDescending)
        } else if let left = lhs.numeric, let right = rhs.numeric {
            order = left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
        } else {
            order = lhs.text == rhs.text ? .orderedSame : (lhs.text < rhs.text ? .orderedAscending : .orderedDescending)
        }
        switch comparison {
        case .equal: return order == .orderedSame
        case .notEqual: return order != .orderedSame
        case .less: return order == .orderedAscending
        case .greater: return order == .orderedDescending
        case .lessOrEqual: return order != .orderedDescending
        case .greaterOrEqual: return order != .orderedAscending
        }
    }
}
