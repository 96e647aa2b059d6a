import Foundation
import SandboxCore

/// One token of formula text.
enum AirtableFormulaToken: Hashable {
    case number(Double)
    case string(String)
    case field(String)
    case identifier(String)
    case `operator`(AirtableFormula.Operator)
    case open
    case close
    case comma
}

/// Splits formula text into tokens; `nil` for any character outside the
/// grammar (smart quotes, `==`, `<>`, an unterminated string or field).
enum AirtableFormulaLexer {
    static func tokens(of text: String) -> [AirtableFormulaToken]? {
        let characters = Array(text)
        var tokens: [AirtableFormulaToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let nextIsEquals = index + 1 < characters.count && characters[index + 1] == "="
            if let token = Self.single[character] {
                tokens.append(token)
                index += 1
                continue
            }
            switch character {
            case " ", "\t", "\n", "\r":
                index += 1
            case "=":
                // `==` is not Airtable's.
                guard !nextIsEquals else { return nil }
                tokens.append(.operator(.equal))
                index += 1
            case "!":
                guard nextIsEquals else { return nil }
                tokens.append(.operator(.notEqual))
                index += 2
            case "<", ">":
                if character == "<", index + 1 < characters.count, characters[index + 1] == ">" { return nil }
                let base: AirtableFormula.Operator = character == "<" ? .less : .greater
                let inclusive: AirtableFormula.Operator = character == "<" ? .lessOrEqual : .greaterOrEqual
                tokens.append(.operator(nextIsEquals ? inclusive : base))
                index += nextIsEquals ? 2 : 1
            case "{":
                // A field name; `\}` and `\\` inside it are a brace and a
                // backslash, as formula builders write them.
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
                guard let (value, next) = number(characters, from: index) else { return nil }
                tokens.append(.number(value))
                index = next
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

    private static let single: [Character: AirtableFormulaToken] = [
        "(": .open, ")": .close, ",": .comma, "&": .operator(.concatenate), "+": .operator(.add),
        "-": .operator(.subtract), "*": .operator(.multiply), "/": .operator(.divide),
    ]

    /// Digits with at most one point and an optional exponent (`1e3`,
    /// `2.5E-2`), and the index after them.
    private static func number(_ characters: [Character], from start: Int) -> (Double, Int)? {
        var end = start
        var text = ""
        func take(while accept: (Character) -> Bool) {
            while end < characters.count, characters[end].isASCII, accept(characters[end]) {
                text.append(characters[end])
                end += 1
            }
        }
        take { $0.isNumber || $0 == "." }
        if end < characters.count, characters[end] == "e" || characters[end] == "E" {
            text.append("e")
            end += 1
            if end < characters.count, characters[end] == "+" || characters[end] == "-" {
                text.append(characters[end])
                end += 1
            }
            take { $0.isNumber }
        }
        guard text.count <= 64 else { return nil }
        let parsed = Double(text)  // safe: the text is digits, points and one exponent, as read above
        guard let value = parsed, value.isFinite else { return nil }
        return (value, end)
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
                case "r": literal.append("\r")
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
