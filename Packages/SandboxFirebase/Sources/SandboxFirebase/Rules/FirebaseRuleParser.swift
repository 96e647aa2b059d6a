import Foundation
import Networking
import SandboxCore

/// Parses one rule expression and checks it the way the Realtime Database
/// checks rules when they are saved: known variables only (`newData` only
/// where there is a write, `query` only where there is a read, `$`
/// variables only where the path binds them), known methods with the right
/// number of arguments, and a result that can be a boolean.
struct FirebaseRuleParser {
    /// The longest expression accepted, in characters.
    static let maxLength = 4096
    /// The deepest nesting of an expression.
    static let maxDepth = 64

    /// Where an expression sits, which decides the variables it may use.
    enum Kind: String, Sendable {
        case read = ".read"
        case write = ".write"
        case validate = ".validate"
    }

    /// Why an expression was refused, with the offset in its text.
    struct Failure: Error, Sendable {
        var offset: Int
        var message: String
    }

    /// What is known of an expression's type before it runs.
    private enum StaticType: Equatable {
        case boolean, number, string, null, snapshot, query, regex, list, any
    }

    private enum Token: Equatable {
        case identifier(String)
        case number(Double)
        case string(String)
        case regex(pattern: String, flags: String)
        case symbol(String)
        case end
    }

    private let scalars: [Unicode.Scalar]
    private let kind: Kind
    private let wildcards: Set<String>
    private var index = 0
    private var token: Token = .end
    private var tokenOffset = 0
    private var depth = 0

    /// Parses `text`, a rule of `kind` under a path binding `wildcards`.
    static func parse(
        _ text: String, kind: Kind, wildcards: Set<String>
    ) throws(Failure) -> FirebaseRuleExpression {
        guard text.unicodeScalars.count <= maxLength else {
            throw Failure(offset: 0, message: "Expression is longer than \(maxLength) characters.")
        }
        var parser = FirebaseRuleParser(scalars: Array(text.unicodeScalars), kind: kind, wildcards: wildcards)
        try parser.advance()
        let (expression, type) = try parser.expression()
        guard parser.token == .end else { throw parser.failure("Unexpected token '\(parser.describe(parser.token))'.") }
        guard type == .boolean || type == .any else {
            throw Failure(offset: 0, message: "Expression must evaluate to a boolean.")
        }
        return expression
    }

    private init(scalars: [Unicode.Scalar], kind: Kind, wildcards: Set<String>) {
        self.scalars = scalars
        self.kind = kind
        self.wildcards = wildcards
    }

    private func failure(_ message: String) -> Failure {
        Failure(offset: tokenOffset, message: message)
    }

    // MARK: Grammar, loosest binding first

    private mutating func expression() throws(Failure) -> (FirebaseRuleExpression, StaticType) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw failure("Expression is nested too deeply.") }
        let (condition, conditionType) = try binary(level: 0)
        guard token == .symbol("?") else { return (condition, conditionType) }
        try advance()
        let (then, thenType) = try expression()
        try expect(":")
        let (otherwise, otherwiseType) = try expression()
        return (.conditional(condition, then, otherwise), thenType == otherwiseType ? thenType : .any)
    }

    /// The binary operators by level, loosest first.
    private static let levels: [[FirebaseRuleExpression.BinaryOperator]] = [
        [.or], [.and], [.equal, .notEqual, .strictEqual, .strictNotEqual],
        [.less, .lessOrEqual, .greater, .greaterOrEqual], [.add, .subtract], [.multiply, .divide, .remainder],
    ]

    private mutating func binary(level: Int) throws(Failure) -> (FirebaseRuleExpression, StaticType) {
        guard level < Self.levels.count else { return try unary() }
        var (left, leftType) = try binary(level: level + 1)
        while case .symbol(let symbol) = token,
            let operation = Self.levels[level].first(where: { $0.rawValue == symbol })
        {
            let operatorOffset = tokenOffset
            try advance()
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw failure("Expression is nested too deeply.") }
            let (right, rightType) = try binary(level: level + 1)
            leftType = try Self.type(of: operation, leftType, rightType, offset: operatorOffset)
            left = .binary(operation, left, right)
        }
        return (left, leftType)
    }

    private static func type(
        of operation: FirebaseRuleExpression.BinaryOperator, _ left: StaticType, _ right: StaticType, offset: Int
    ) throws(Failure) -> StaticType {
        let invalidOperands: Set<StaticType> = [.snapshot, .query, .regex, .list]
        if invalidOperands.contains(left) || invalidOperands.contains(right) {
            throw Failure(offset: offset, message: "Invalid \(operation.rawValue) expression: operands must be values.")
        }
        switch operation {
        case .and, .or, .equal, .notEqual, .strictEqual, .strictNotEqual:
            return .boolean
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            for side in [left, right] where ![.number, .string, .any].contains(side) {
                throw Failure(
                    offset: offset,
                    message: "Invalid \(operation.rawValue) expression: operands must be numbers or strings.")
            }
            return .boolean
        case .add:
            if left == .string || right == .string { return .string }
            if left == .number && right == .number { return .number }
            return .any
        case .subtract, .multiply, .divide, .remainder:
            for side in [left, right] where ![.number, .any].contains(side) {
                throw Failure(
                    offset: offset, message: "Invalid \(operation.rawValue) expression: operands must be numbers.")
            }
            return .number
        }
    }

    private mutating func unary() throws(Failure) -> (FirebaseRuleExpression, StaticType) {
        for operation in [FirebaseRuleExpression.UnaryOperator.not, .negate] where token == .symbol(operation.rawValue)
        {
            try advance()
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw failure("Expression is nested too deeply.") }
            let (operand, type) = try unary()
            if operation == .negate, ![.number, .any].contains(type) {
                throw failure("Invalid - expression: operand must be a number.")
            }
            return (.unary(operation, operand), operation == .not ? .boolean : .number)
        }
        return try postfix()
    }

    private mutating func postfix() throws(Failure) -> (FirebaseRuleExpression, StaticType) {
        var (expression, type) = try primary()
        while true {
            if token == .symbol(".") {
                try advance()
                guard case .identifier(let name) = token else { throw failure("Expected a property name after '.'.") }
                let nameOffset = tokenOffset
                try advance()
                if token == .symbol("(") {
                    try advance()
                    var arguments: [(FirebaseRuleExpression, StaticType)] = []
                    while token != .symbol(")") {
                        arguments.append(try self.expression())
                        guard token == .symbol(",") else { break }
                        try advance()
                    }
                    try expect(")")
                    type = try Self.method(name, on: type, arguments: arguments.map(\.1), offset: nameOffset)
                    guard let method = FirebaseRuleExpression.Method(rawValue: name) else {
                        throw Failure(offset: nameOffset, message: "No such method/property '\(name)'.")
                    }
                    expression = .call(expression, method, arguments.map(\.0))
                } else {
                    type = try Self.property(name, on: type, offset: nameOffset)
                    expression = .member(expression, name)
                }
            } else if token == .symbol("[") {
                let offset = tokenOffset
                try advance()
                let (key, _) = try self.expression()
                try expect("]")
                guard [.any].contains(type) else {
                    throw Failure(offset: offset, message: "Invalid [] expression: only objects can be indexed.")
                }
                expression = .index(expression, key)
            } else {
                return (expression, type)
            }
        }
    }

    private static let snapshotMethods: [String: (arities: ClosedRange<Int>, result: StaticType)] = [
        "val": (0...0, .any), "child": (1...1, .snapshot), "parent": (0...0, .snapshot),
        "hasChild": (1...1, .boolean), "hasChildren": (0...1, .boolean), "exists": (0...0, .boolean),
        "getPriority": (0...0, .any), "isNumber": (0...0, .boolean), "isString": (0...0, .boolean),
        "isBoolean": (0...0, .boolean),
    ]

    private static let stringMethods: [String: (arities: ClosedRange<Int>, result: StaticType)] = [
        "contains": (1...1, .boolean), "beginsWith": (1...1, .boolean), "endsWith": (1...1, .boolean),
        "replace": (2...2, .string), "toLowerCase": (0...0, .string), "toUpperCase": (0...0, .string),
        "matches": (1...1, .boolean),
    ]

    static let queryProperties: Set<String> = [
        "orderByKey", "orderByPriority", "orderByValue", "orderByChild", "startAt", "endAt", "equalTo",
        "limitToFirst", "limitToLast",
    ]

    private static func method(
        _ name: String, on type: StaticType, arguments: [StaticType], offset: Int
    ) throws(Failure) -> StaticType {
        let signature: (arities: ClosedRange<Int>, result: StaticType)?
        switch type {
        case .snapshot: signature = snapshotMethods[name]
        case .string: signature = stringMethods[name]
        case .any: signature = stringMethods[name]
        default: signature = nil
        }
        guard let signature else { throw Failure(offset: offset, message: "No such method/property '\(name)'.") }
        guard signature.arities.contains(arguments.count) else {
            throw Failure(offset: offset, message: "Wrong number of arguments to '\(name)'.")
        }
        if name == "matches", arguments.first != .regex {
            throw Failure(offset: offset, message: "Type error: matches() expects a regular expression literal.")
        }
        if name != "matches", arguments.contains(.regex) {
            throw Failure(offset: offset, message: "Type error: a regular expression can only be used in matches().")
        }
        if name == "hasChildren", let list = arguments.first, list != .list {
            throw Failure(offset: offset, message: "Type error: hasChildren() expects an array of keys.")
        }
        if ["child", "hasChild"].contains(name), let key = arguments.first, ![.string, .any].contains(key) {
            throw Failure(offset: offset, message: "Type error: \(name)() expects a string path.")
        }
        return signature.result
    }

    private static func property(_ name: String, on type: StaticType, offset: Int) throws(Failure) -> StaticType {
        switch type {
        case .string where name == "length": return .number
        case .query where queryProperties.contains(name): return .any
        case .any: return .any
        case .snapshot where snapshotMethods[name] != nil:
            throw Failure(offset: offset, message: "Type error: '\(name)' is a method; call it as \(name)().")
        default: throw Failure(offset: offset, message: "No such method/property '\(name)'.")
        }
    }

    private mutating func primary() throws(Failure) -> (FirebaseRuleExpression, StaticType) {
        let current = token
        let offset = tokenOffset
        try advance()
        switch current {
        case .number(let number):
            return (.literal(.number(number)), .number)
        case .string(let text):
            return (.literal(.string(text)), .string)
        case .regex(let pattern, let flags):
            do throws(LinearRegex.SyntaxError) {
                return (.regex(try LinearRegex(pattern: pattern, flags: flags)), .regex)
            } catch {
                throw Failure(offset: offset, message: error.message + ".")
            }
        case .symbol("("):
            let inner = try expression()
            try expect(")")
            return inner
        case .symbol("["):
            var elements: [FirebaseRuleExpression] = []
            while token != .symbol("]") {
                let (element, type) = try expression()
                guard [.string, .any].contains(type) else {
                    throw Failure(offset: offset, message: "Type error: array elements must be strings.")
                }
                elements.append(element)
                guard token == .symbol(",") else { break }
                try advance()
            }
            try expect("]")
            // A list of string literals, the usual `hasChildren(['a', 'b'])`,
            // is built once here rather than on every evaluation.
            let literals = elements.compactMap { element -> FirebaseRuleValue? in
                if case .literal(let value) = element { return value }
                return nil
            }
            guard literals.count == elements.count else { return (.list(elements), .list) }
            return (.literal(.list(literals)), .list)
        case .identifier(let name):
            switch name {
            case "true": return (.literal(.bool(true)), .boolean)
            case "false": return (.literal(.bool(false)), .boolean)
            case "null": return (.literal(.null), .null)
            default: break
            }
            if name.hasPrefix("$") {
                guard wildcards.contains(name) else {
                    throw Failure(offset: offset, message: "Unknown variable '\(name)'.")
                }
                return (.wildcard(name), .string)
            }
            guard let variable = FirebaseRuleExpression.Variable(rawValue: name),
                variable != .newData || kind != .read, variable != .query || kind == .read
            else { throw Failure(offset: offset, message: "Unknown variable '\(name)'.") }
            switch variable {
            case .auth: return (.variable(variable), .any)
            case .now: return (.variable(variable), .number)
            case .query: return (.variable(variable), .query)
            case .root, .data, .newData: return (.variable(variable), .snapshot)
            }
        case .end:
            throw Failure(offset: offset, message: "Unexpected end of expression.")
        default:
            throw Failure(offset: offset, message: "Unexpected token '\(describe(current))'.")
        }
    }

    private mutating func expect(_ symbol: String) throws(Failure) {
        guard token == .symbol(symbol) else { throw failure("Expected '\(symbol)'.") }
        try advance()
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .identifier(let name): name
        case .number(let number): FirebaseJSONWriter.text(.number(number))
        case .string(let text): "'" + text + "'"
        case .regex(let pattern, let flags): "/" + pattern + "/" + flags
        case .symbol(let symbol): symbol
        case .end: "end of expression"
        }
    }

    // MARK: Tokens

    private static let symbols = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||"]
    private static let singleSymbols: Set<Unicode.Scalar> = [
        "(", ")", "[", "]", ".", ",", "?", ":", "!", "+", "-", "*", "/", "%", "<", ">",
    ]

    /// Whether a `/` here starts a regular expression rather than dividing:
    /// after an operator or an opening bracket, as in JavaScript.
    private var regexAllowed: Bool {
        switch token {
        case .identifier, .number, .string, .regex: false
        case .symbol(let symbol): symbol != ")" && symbol != "]"
        case .end: true
        }
    }

    private mutating func advance() throws(Failure) {
        let allowsRegex = index == 0 || regexAllowed
        while index < scalars.count, scalars[index].properties.isWhitespace {
            index += 1
        }
        tokenOffset = index
        guard index < scalars.count else {
            token = .end
            return
        }
        let scalar = scalars[index]
        if scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic {
            let start = index
            while index < scalars.count,
                scalars[index] == "_" || scalars[index] == "$" || scalars[index].properties.isAlphabetic
                    || ("0"..."9").contains(scalars[index])
            {
                index += 1
            }
            token = .identifier(String(String.UnicodeScalarView(scalars[start..<index])))
        } else if ("0"..."9").contains(scalar) {
            token = .number(try number())
        } else if scalar == "'" || scalar == "\"" {
            token = .string(try string(quote: scalar))
        } else if scalar == "/", allowsRegex {
            token = try regex()
        } else {
            for symbol in Self.symbols where matches(symbol) {
                index += symbol.unicodeScalars.count
                token = .symbol(symbol)
                return
            }
            guard Self.singleSymbols.contains(scalar) else { throw failure("Unexpected character '\(scalar)'.") }
            index += 1
            token = .symbol(String(scalar))
        }
    }

    private func matches(_ symbol: String) -> Bool {
        let expected = Array(symbol.unicodeScalars)
        return index + expected.count <= scalars.count && Array(scalars[index..<index + expected.count]) == expected
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
            index += 1
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        // The scan above took digits, `.` and an exponent only; a text that
        // is still no number (`1.2.3`) fails the parse and is refused.
        let parsed = Double(text)  // safe: digits, `.` and an exponent only, as scanned above
        guard let number = parsed, number.isFinite else { throw failure("Invalid number '\(text)'.") }
        return number
    }

    private mutating func string(quote: Unicode.Scalar) throws(Failure) -> String {
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != quote {
            var scalar = scalars[index]
            if scalar == "\\" {
                index += 1
                guard index < scalars.count else { break }
                switch scalars[index] {
                case "n": scalar = "\n"
                case "t": scalar = "\t"
                case "r": scalar = "\r"
                default: scalar = scalars[index]
                }
            }
            text.append(scalar)
            index += 1
        }
        guard index < scalars.count else { throw failure("Unterminated string.") }
        index += 1
        return String(text)
    }

    private mutating func regex() throws(Failure) -> Token {
        index += 1
        var pattern = String.UnicodeScalarView()
        var inClass = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", !inClass { break }
            if scalar == "\\", index + 1 < scalars.count {
                pattern.append(scalar)
                index += 1
            } else if scalar == "[" {
                inClass = true
            } else if scalar == "]" {
                inClass = false
            }
            pattern.append(scalars[index])
            index += 1
        }
        guard index < scalars.count else { throw failure("Unterminated regular expression.") }
        index += 1
        var flags = String.UnicodeScalarView()
        while index < scalars.count, scalars[index].properties.isAlphabetic {
            flags.append(scalars[index])
            index += 1
        }
        return .regex(pattern: String(pattern), flags: String(flags))
    }
}
