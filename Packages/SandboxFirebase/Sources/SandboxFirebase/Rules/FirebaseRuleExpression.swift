import Foundation
import Networking
import SandboxCore

/// One parsed rule expression, such as `auth != null && auth.uid == $uid`:
/// the JavaScript-like language of `.read`, `.write` and `.validate`.
indirect enum FirebaseRuleExpression: Sendable {
    /// The variables a rule can name, besides its path's `$` variables.
    enum Variable: String, Sendable, CaseIterable {
        case auth, now, root, data, newData, query

        /// Whether the variable is a snapshot of the data.
        var isSnapshot: Bool { self == .root || self == .data || self == .newData }
    }

    /// Operators of two operands.
    enum BinaryOperator: String, Sendable {
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"
        case remainder = "%"
        case equal = "=="
        case notEqual = "!="
        case strictEqual = "==="
        case strictNotEqual = "!=="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case and = "&&"
        case or = "||"
    }

    /// The methods a rule can call, resolved when the rules are parsed so
    /// that evaluating one compares no strings.
    enum Method: String, Sendable {
        case val, child, parent, hasChild, hasChildren, exists, getPriority, isNumber, isString, isBoolean
        case contains, beginsWith, endsWith, replace, toLowerCase, toUpperCase, matches

        /// Whether the method, called on a snapshot, reads only its value
        /// (not its path): `val()`, `exists()`, the `is…()` tests and
        /// `hasChildren()`.
        var readsValueOnly: Bool {
            switch self {
            case .val, .exists, .isNumber, .isString, .isBoolean, .hasChildren: true
            default: false
            }
        }
    }

    /// Operators of one operand.
    enum UnaryOperator: String, Sendable {
        case not = "!"
        case negate = "-"
    }

    /// `null`, a boolean, a number or a string.
    case literal(FirebaseRuleValue)
    /// A regular expression literal, the argument of `matches`.
    case regex(LinearRegex)
    /// `[a, b]`, the argument of `hasChildren`.
    case list([FirebaseRuleExpression])
    /// A predefined variable.
    case variable(Variable)
    /// A `$` variable of the rule's path, by name (with its `$`).
    case wildcard(String)
    /// `target.name`.
    case member(FirebaseRuleExpression, String)
    /// `target[key]`.
    case index(FirebaseRuleExpression, FirebaseRuleExpression)
    /// `target.name(arguments)`.
    case call(FirebaseRuleExpression, Method, [FirebaseRuleExpression])
    /// `!x`, `-x`.
    case unary(UnaryOperator, FirebaseRuleExpression)
    /// `x op y`.
    case binary(BinaryOperator, FirebaseRuleExpression, FirebaseRuleExpression)
    /// `condition ? then : else`.
    case conditional(FirebaseRuleExpression, FirebaseRuleExpression, FirebaseRuleExpression)

    /// Whether the expression is the literal `true`: open rules are checked
    /// without evaluating anything.
    var isTrue: Bool {
        if case .literal(.bool(true)) = self { return true }
        return false
    }
}
