import Foundation

/// A parsed `filterByFormula`: the part of Airtable's formula language the
/// emulator evaluates. Field references, string/number/boolean literals,
/// `=` `!=` `<` `>` `<=` `>=`, unary minus, parentheses, and the functions
/// `AND`, `OR`, `NOT`, `BLANK`, `TRUE`, `FALSE` and `RECORD_ID`. Anything
/// else is refused as an invalid formula, never guessed at.
indirect enum AirtableFormula: Sendable, Hashable {
    case number(Double)
    case string(String)
    case boolean(Bool)
    case blank
    /// A field by name (or id), exactly as written in the formula.
    case field(String)
    case recordID
    case negate(AirtableFormula)
    case not(AirtableFormula)
    case and([AirtableFormula])
    case or([AirtableFormula])
    case compare(AirtableFormula, Comparison, AirtableFormula)

    enum Comparison: String, Sendable, Hashable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case greater = ">"
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
    }

    /// Parses formula text; `nil` when it is not a formula this emulator
    /// understands.
    static func parse(_ text: String) -> AirtableFormula? {
        guard let tokens = AirtableFormulaLexer.tokens(of: text) else { return nil }
        var parser = AirtableFormulaParser(tokens: tokens)
        return parser.parseFormula()
    }

    /// Every field reference, in order of appearance.
    var fieldReferences: [String] {
        switch self {
        case .field(let name): [name]
        case .negate(let inner), .not(let inner): inner.fieldReferences
        case .and(let terms), .or(let terms): terms.flatMap(\.fieldReferences)
        case .compare(let lhs, _, let rhs): lhs.fieldReferences + rhs.fieldReferences
        default: []
        }
    }
}

enum AirtableFormulaToken: Hashable {
    case number(Double)
    case string(String)
    case field(String)
    case identifier(String)
    case comparison(AirtableFormula.Comparison)
    case minus
    case open
    case close
    case comma
}

/// Splits formula text into tokens; `nil` for any character outside the
/// supported grammar (`&`, `+`, `*`, smart quotes…).
enum AirtableFormulaLexer {
    static func tokens(of text: String) -> [AirtableFormulaToken]? {
        let characters = Array(text)
        var tokens: [AirtableFormulaToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ", "\t", "\n", "\r":
                index += 1
            case "(":
                tokens.append(.open)
                index += 1
            case ")":
                tokens.append(.close)
                index += 1
            case ",":
                tokens.append(.comma)
                index += 1
            case "-":
                tokens.append(.minus)
                index += 1
            case "=":
                tokens.append(.comparison(.equal))
                index += 1
            case "!", "<", ">":
                let hasEquals = index + 1 < characters.count && characters[index + 1] == "="
                switch (character, hasEquals) {
                case ("!", true): tokens.append(.comparison(.notEqual))
                case ("!", false): return nil
                case ("<", true): tokens.append(.comparison(.lessOrEqual))
                case ("<", false): tokens.append(.comparison(.less))
                case (_, true): tokens.append(.comparison(.greaterOrEqual))
                default: tokens.append(.comparison(.greater))
                }
                index += hasEquals ? 2 : 1
            case "{":
                // A field name; `\}` and `\\` inside it are a brace and a
                // backslash, as the SDK's formula builder writes them.
                var name = ""
                var end = index + 1
                while end < characters.count, characters[end] != "}" {
                    if characters[end] == "\\", end + 1 < characters.count { end += 1 }
                    name.append(characters[end])
                    end += 1
                }
                guard end < characters.count else { return nil }
                tokens.append(.field(name))
                index = end + 1
            case "\"", "'":
                guard let (literal, next) = string(characters, from: index) else { return nil }
                tokens.append(.string(literal))
                index = next
            case "0"..."9", ".":
                var end = index
                while end < characters.count, characters[end].isASCII,
                    characters[end].isNumber || characters[end] == "."
                {
                    end += 1
                }
                guard let value = Double(String(characters[index..<end])) else { return nil }
                tokens.append(.number(value))
                index = end
            default:
                guard character.isASCII, character.isLetter || character == "_" else { return nil }
                var end = index
                while end < characters.count, characters[end].isASCII,
                    characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                {
                    end += 1
                }
                tokens.append(.identifier(String(characters[index..<end])))
                index = end
            }
        }
        return tokens
    }

    /// A quoted literal with backslash escapes, and the index after it.
    private static func string(_ characters: [Character], from start: Int) -> (String, Int)? {
        let quote = characters[start]
        var literal = ""
        var index = start + 1
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                guard index + 1 < characters.count else { return nil }
                switch characters[index + 1] {
                case "n": literal.append("\n")
                case "t": literal.append("\t")
                default: literal.append(characters[index + 1])
                }
                index += 2
            } else if character == quote {
                return (literal, index + 1)
            } else {
                literal.append(character)
                index += 1
            }
        }
        return nil
    }
}

/// Recursive descent over the tokens, with a limit on the depth of the tree
/// it builds, so that neither parsing nor any later walk of the tree
/// (evaluating it, listing its fields, even freeing it) can exhaust the
/// stack: ten thousand `(` are refused, and so is `1=1=1=…`, whose chain of
/// comparisons nests one level per `=` although it has no parenthesis.
struct AirtableFormulaParser {
    private let tokens: [AirtableFormulaToken]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 64

    init(tokens: [AirtableFormulaToken]) {
        self.tokens = tokens
    }

    mutating func parseFormula() -> AirtableFormula? {
        guard !tokens.isEmpty, let formula = parseComparison(), index == tokens.count else { return nil }
        return formula
    }

    private mutating func parseComparison() -> AirtableFormula? {
        guard var lhs = parseUnary() else { return nil }
        let outerDepth = depth
        defer { depth = outerDepth }
        while index < tokens.count, case .comparison(let comparison) = tokens[index] {
            index += 1
            // Each comparison puts everything before it one level deeper.
            depth += 1
            guard depth <= Self.maxDepth, let rhs = parseUnary() else { return nil }
            lhs = .compare(lhs, comparison, rhs)
        }
        return lhs
    }

    private mutating func parseUnary() -> AirtableFormula? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth, index < tokens.count else { return nil }
        if tokens[index] == .minus {
            index += 1
            return parseUnary().map(AirtableFormula.negate)
        }
        return parsePrimary()
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
            guard let inner = parseComparison(), index < tokens.count, tokens[index] == .close else { return nil }
            index += 1
            return inner
        case .identifier(let name):
            guard index < tokens.count, tokens[index] == .open else {
                // A bare word is TRUE, FALSE, or a one-word field name.
                switch name.uppercased() {
                case "TRUE": return .boolean(true)
                case "FALSE": return .boolean(false)
                default: return .field(name)
                }
            }
            index += 1
            guard let arguments = parseArguments() else { return nil }
            return function(name.uppercased(), arguments)
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
            guard let argument = parseComparison(), index < tokens.count else { return nil }
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

    private func function(_ name: String, _ arguments: [AirtableFormula]) -> AirtableFormula? {
        switch (name, arguments.count) {
        case ("AND", 1...): .and(arguments)
        case ("OR", 1...): .or(arguments)
        case ("NOT", 1): .not(arguments[0])
        case ("BLANK", 0): .blank
        case ("TRUE", 0): .boolean(true)
        case ("FALSE", 0): .boolean(false)
        case ("RECORD_ID", 0): .recordID
        default: nil
        }
    }
}
