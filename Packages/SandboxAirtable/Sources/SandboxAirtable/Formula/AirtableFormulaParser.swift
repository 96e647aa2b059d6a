import Foundation
import SandboxCore

/// Precedence climbing over the tokens, with a limit on the depth of the
/// tree it builds, so that neither parsing nor any later walk of the tree
/// (evaluating it, listing its fields, even freeing it) can exhaust the
/// stack: ten thousand `(` are refused, and so is `1=1=1=…`, whose chain of
/// operators nests one level per operator although it has no parenthesis.
struct AirtableFormulaParser {
    private let tokens: [AirtableFormulaToken]
    private var index = 0
    private var depth = 0
    /// The deepest tree a formula may build.
    static let maxDepth = 64

    init(tokens: [AirtableFormulaToken]) {
        self.tokens = tokens
    }

    mutating func parseFormula() -> AirtableFormula? {
        guard !tokens.isEmpty, let formula = parseExpression(above: 0), index == tokens.count else { return nil }
        return formula
    }

    /// An expression whose operators bind tighter than `minimum`.
    private mutating func parseExpression(above minimum: Int) -> AirtableFormula? {
        guard var left = parseUnary() else { return nil }
        let outerDepth = depth
        defer { depth = outerDepth }
        while index < tokens.count, case .operator(let operation) = tokens[index], operation.precedence > minimum {
            index += 1
            // Each operator puts everything before it one level deeper.
            depth += 1
            guard depth <= Self.maxDepth, let right = parseExpression(above: operation.precedence) else { return nil }
            left = .binary(left, operation, right)
        }
        return left
    }

    private mutating func parseUnary() -> AirtableFormula? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth, index < tokens.count else { return nil }
        switch tokens[index] {
        case .operator(.subtract):
            index += 1
            return parseUnary().map(AirtableFormula.negate)
        case .operator(.add):
            index += 1
            return parseUnary()
        default:
            return parsePrimary()
        }
    }

    private mutating func parsePrimary() -> AirtableFormula? {
        let token = tokens[index]
        index += 1
        switch token {
        case .number(let value):
            return .number(value)
        case .string(let text):
            return .string(text)
        case .field(let name):
            return .field(name)
        case .open:
            guard let inner = parseExpression(above: 0), index < tokens.count, tokens[index] == .close else {
                return nil
            }
            index += 1
            return inner
        case .identifier(let name):
            guard index < tokens.count, tokens[index] == .open else {
                // A bare word is TRUE, FALSE, or a one-word field name.
                switch name.uppercased() {
                case "TRUE": return .call(.true, [])
                case "FALSE": return .call(.false, [])
                default: return .field(name)
                }
            }
            index += 1
            guard let function = AirtableFormulaFunction(rawValue: name.uppercased()),
                let arguments = parseArguments(), function.arity.contains(arguments.count)
            else { return nil }
            return .call(function, arguments)
        default:
            return nil
        }
    }

    private mutating func parseArguments() -> [AirtableFormula]? {
        var arguments: [AirtableFormula] = []
        if index < tokens.count, tokens[index] == .close {
            index += 1
            return arguments
        }
        while true {
            guard let argument = parseExpression(above: 0), index < tokens.count else { return nil }
            arguments.append(argument)
            switch tokens[index] {
            case .comma:
                index += 1
            case .close:
                index += 1
                return arguments
            default:
                return nil
            }
        }
    }
}
