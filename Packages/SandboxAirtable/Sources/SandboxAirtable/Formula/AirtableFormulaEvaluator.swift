import Foundation
import Networking
import SandboxCore

/// Evaluates parsed formulas against the records of one table, within one
/// budget of work for the whole request: each node evaluated costs a step,
/// and text functions and regular expressions cost in proportion to the
/// text they read, so no formula can hold the emulator for long. Once the
/// budget is spent every formula gives `#ERROR!`, which a filter reads as
/// false.
struct AirtableFormulaEvaluator {
    /// The most steps one request's formulas may take.
    static let defaultBudget = 20_000_000
    /// The longest text a formula may build (`REPT`, `&`, `SUBSTITUTE`).
    static let maxTextLength = 100_000

    let table: AirtableTable
    /// The request's budget, depth and caches, shared with every cell it
    /// computes.
    let computation: AirtableComputation
    /// Names bound to values ahead of the table's fields: a rollup's
    /// `values`.
    var boundValues: [String: AirtableFormulaValue] = [:]

    /// `NOW()` and `TODAY()`: one instant for the whole request.
    var now: AirtableFormulaDate { computation.now }

    /// Steps left in the request's budget.
    var budget: Int {
        get { computation.budget }
        nonmutating set { computation.budget = newValue }
    }

    init(table: AirtableTable, computation: AirtableComputation) {
        self.table = table
        self.computation = computation
    }

    /// Whether a filter keeps `record`.
    mutating func matches(_ formula: AirtableFormula, _ record: AirtableRecord) -> Bool {
        evaluate(formula, record).isTruthy
    }

    /// The value of `formula` for `record`.
    mutating func evaluate(_ formula: AirtableFormula, _ record: AirtableRecord) -> AirtableFormulaValue {
        guard spend(1) else { return .invalid }
        switch formula {
        case .number(let value): return .number(value)
        case .string(let text): return .text(text)
        case .field(let key):
            if let bound = boundValues[key] { return bound }
            guard let field = table.field(key) else { return .blank }
            return value(of: field, in: record)
        case .negate(let inner):
            let value = evaluate(inner, record)
            if value.isError { return value }
            guard let number = value.numeric else { return .error("NaN") }
            return .numeric(-number)
        case .binary(let left, let operation, let right):
            let first = evaluate(left, record)
            let second = evaluate(right, record)
            return combine(first, operation, second)
        case .call(let function, let arguments):
            return call(function, arguments, record)
        }
    }

    /// Takes `steps` from the budget; `false` once it is spent.
    mutating func spend(_ steps: Int) -> Bool {
        computation.spend(steps)
    }

    // MARK: Fields

    /// What a cell reads as in a formula: text as itself, numbers as
    /// numbers, a checkbox as a boolean, dates as dates, lists as lists, a
    /// collaborator by name, an attachment as `filename (url)`, a formula
    /// field as its value (computed fields reading computed fields nest at
    /// most ``AirtableComputation/maxDepth`` deep, so a cycle is an error,
    /// not a hang).
    mutating func value(of field: AirtableField, in record: AirtableRecord) -> AirtableFormulaValue {
        if field.type == .formula {
            // Evaluated here rather than read as JSON: a date or an error
            // keeps its kind.
            guard let formula = field.formula, !computation.isCircular(field, in: table) else { return .invalid }
            var inner = AirtableFormulaEvaluator(table: table, computation: computation)
            return computation.nested(orElse: .invalid) { inner.evaluate(formula, record) }
        }
        guard let cell = AirtableCells.value(of: field, in: record, table: table, computation: computation) else {
            return .blank
        }
        switch field.type {
        case .date, .dateTime, .createdTime, .lastModifiedTime:
            guard let text = cell.stringValue, let date = AirtableFormulaDate(parsing: text) else { return .blank }
            return .date(date)
        case .checkbox:
            return .boolean(cell.boolValue ?? false)
        default:
            return Self.value(of: cell)
        }
    }

    /// What a cell's JSON reads as, whatever its field.
    static func value(of cell: JSON) -> AirtableFormulaValue {
        switch cell {
        case .null: return .blank
        case .bool(let flag): return .boolean(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .text(text)
        case .array(let elements): return elements.isEmpty ? .blank : .array(elements.map(value(of:)))
        case .object(let members):
            // A computed cell that failed (`{"error": "#ERROR!"}`,
            // `{"specialValue": "NaN"}`) stays an error wherever it is read.
            if let code = members["error"]?.stringValue ?? members["specialValue"]?.stringValue {
                return .error(code)
            }
            if let filename = members["filename"]?.stringValue, let url = members["url"]?.stringValue {
                return .string("\(filename) (\(url))")
            }
            let name = members["name"]?.stringValue ?? members["email"]?.stringValue ?? members["id"]?.stringValue
            return name.map(AirtableFormulaValue.text) ?? .blank
        }
    }

    // MARK: Operators

    private mutating func combine(
        _ left: AirtableFormulaValue, _ operation: AirtableFormula.Operator, _ right: AirtableFormulaValue
    ) -> AirtableFormulaValue {
        if left.isError { return left }
        if right.isError { return right }
        switch operation {
        case .concatenate:
            return text(left.text + right.text)
        case .add, .subtract, .multiply, .divide:
            guard let a = left.numeric, let b = right.numeric else { return .error("NaN") }
            switch operation {
            case .add: return .numeric(a + b)
            case .subtract: return .numeric(a - b)
            case .multiply: return .numeric(a * b)
            default: return b == 0 ? .error("#ERROR!") : .numeric(a / b)
            }
        case .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual:
            let order = Self.compare(left, right)
            switch operation {
            case .equal: return .boolean(order == .orderedSame)
            case .notEqual: return .boolean(order != .orderedSame)
            case .less: return .boolean(order == .orderedAscending)
            case .greater: return .boolean(order == .orderedDescending)
            case .lessOrEqual: return .boolean(order != .orderedDescending)
            default: return .boolean(order != .orderedAscending)
            }
        }
    }

    /// How two values order: as dates when one is a date and the other
    /// reads as one, as text when both are text, else as numbers when both
    /// read as numbers, else as text.
    static func compare(_ left: AirtableFormulaValue, _ right: AirtableFormulaValue) -> ComparisonResult {
        if case .date = left, let a = left.date, let b = right.date { return order(a.milliseconds, b.milliseconds) }
        if case .date = right, let a = left.date, let b = right.date { return order(a.milliseconds, b.milliseconds) }
        if case .string(let a) = left, case .string(let b) = right { return order(a, b) }
        if let a = left.numeric, let b = right.numeric { return order(a, b) }
        return order(left.text, right.text)
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending)
    }

    /// The compiled form of `pattern`, `nil` when it is not one the matcher
    /// reads.
    mutating func regex(_ pattern: String) -> LinearRegex? {
        if let known = computation.regexes[pattern] { return known }
        let compiled = try? LinearRegex(pattern: pattern, flags: "")
        if computation.regexes.count >= 64 { computation.regexes.removeAll() }
        computation.regexes[pattern] = compiled
        return compiled
    }

    /// Text no longer than ``maxTextLength``; longer is an error.
    mutating func text(_ text: String) -> AirtableFormulaValue {
        let length = text.utf16.count
        guard length <= Self.maxTextLength, spend(length / 64) else { return .invalid }
        return .text(text)
    }
}
