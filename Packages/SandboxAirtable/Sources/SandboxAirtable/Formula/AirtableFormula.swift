import Foundation
import SandboxCore

/// A parsed Airtable formula, as `filterByFormula`, a view's filter and a
/// formula field use it: literals, field references, the operators
/// `& + - * / = != < > <= >=`, and calls of the functions of Airtable's
/// formula reference (``AirtableFormulaFunction``). A formula that uses
/// anything else is refused when parsed, never guessed at.
indirect enum AirtableFormula: Sendable, Hashable {
    case number(Double)
    case string(String)
    /// A field by name (or id), exactly as written in the formula.
    case field(String)
    /// `-x`.
    case negate(AirtableFormula)
    /// `x op y`.
    case binary(AirtableFormula, Operator, AirtableFormula)
    /// `FUNCTION(arguments)`, its arity checked when parsed.
    case call(AirtableFormulaFunction, [AirtableFormula])

    /// The operators of two operands, loosest first: comparisons, `&`,
    /// `+ -`, `* /`.
    enum Operator: String, Sendable, Hashable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case greater = ">"
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case concatenate = "&"
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"

        /// Binding strength: higher binds tighter.
        var precedence: Int {
            switch self {
            case .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual: 1
            case .concatenate: 2
            case .add, .subtract: 3
            case .multiply, .divide: 4
            }
        }
    }

    /// Parses formula text; `nil` when it is not a formula Airtable would
    /// accept (or one deeper than the parser allows).
    static func parse(_ text: String) -> AirtableFormula? {
        guard let tokens = AirtableFormulaLexer.tokens(of: text) else { return nil }
        var parser = AirtableFormulaParser(tokens: tokens)
        return parser.parseFormula()
    }

    /// Every field reference, in order of appearance.
    var fieldReferences: [String] {
        var names: [String] = []
        collectFields(into: &names)
        return names
    }

    private func collectFields(into names: inout [String]) {
        switch self {
        case .field(let name): names.append(name)
        case .negate(let inner): inner.collectFields(into: &names)
        case .binary(let left, _, let right):
            left.collectFields(into: &names)
            right.collectFields(into: &names)
        case .call(_, let arguments):
            for argument in arguments { argument.collectFields(into: &names) }
        case .number, .string: break
        }
    }
}
