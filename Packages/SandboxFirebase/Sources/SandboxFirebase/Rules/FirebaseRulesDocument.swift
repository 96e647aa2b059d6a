import Foundation
import Networking
import SandboxCore

/// A rules file as text: JSON that may carry `//` and `/* */` comments, as
/// the Firebase console and `database.rules.json` allow, parsed with the
/// place of every value kept so that an error can name its line and column.
///
/// Members keep the order they were written in, which the strict form
/// (`format=strict`) reproduces.
struct FirebaseRulesDocument: Sendable {
    /// The largest rules file accepted, in bytes (the service's limit is
    /// 256 KB).
    static let maxSize = 256 * 1024
    /// The deepest nesting of objects and arrays.
    static let maxDepth = 64

    /// A value of the document, with the offset of its first byte.
    indirect enum Value: Sendable {
        case object([Member])
        case array([Value])
        case string(String, offset: Int)
        case number(Double, offset: Int)
        case bool(Bool, offset: Int)
        case null(offset: Int)
    }

    /// One member of an object.
    struct Member: Sendable {
        var key: String
        var keyOffset: Int
        var value: Value
    }

    /// An error with the place it was found.
    struct Failure: Error, Sendable {
        var offset: Int
        var message: String
    }

    /// The text as given.
    let source: String
    /// The parsed top-level value.
    let root: Value

    /// Parses `source`.
    init(source: String) throws(Failure) {
        self.source = source
        guard source.utf8.count <= Self.maxSize else {
            throw Failure(offset: 0, message: "Rules are larger than the limit of \(Self.maxSize) bytes.")
        }
        var parser = Parser(bytes: Array(source.utf8))
        root = try parser.document()
    }

    /// `line:column` of `offset` in `source` (both from 1), as Firebase
    /// names places in rules.
    static func place(_ offset: Int, in source: String) -> String {
        var line = 1
        var column = 1
        for byte in source.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "\(line):\(column)"
    }

    /// The document as strict JSON, comments gone, members in their order,
    /// indented by two spaces as the service prints rules.
    var strictJSON: String {
        var output = ""
        Self.write(root, indent: "", to: &output)
        return output
    }

    private static func write(_ value: Value, indent: String, to output: inout String) {
        switch value {
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (position, member) in members.enumerated() {
                output += indent + "  " + quoted(member.key) + ": "
                write(member.value, indent: indent + "  ", to: &output)
                output += position == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case .array(let elements):
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += ", " }
                write(element, indent: indent, to: &output)
            }
            output += "]"
        case .string(let text, _):
            output += quoted(text)
        case .number(let number, _):
            output += FirebaseJSONWriter.text(.number(number))
        case .bool(let flag, _):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    private static func quoted(_ text: String) -> String {
        FirebaseJSONWriter.text(.string(text))
    }

    // MARK: Parsing

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func document() throws(Failure) -> Value {
            try skipSpaceChecked()
            let value = try self.value(depth: 0)
            try skipSpaceChecked()
            guard index == bytes.count else {
                throw Failure(offset: index, message: "Unexpected characters after the rules.")
            }
            return value
        }

        private mutating func value(depth: Int) throws(Failure) -> Value {
            guard depth < FirebaseRulesDocument.maxDepth else {
                throw Failure(offset: index, message: "Rules are nested too deeply.")
            }
            guard index < bytes.count else { throw Failure(offset: index, message: "Unexpected end of input.") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                try skipSpaceChecked()
                if peek(UInt8(ascii: "}")) {
                    index += 1
                    return .object(members)
                }
                while true {
                    try skipSpaceChecked()
                    guard peek(UInt8(ascii: "\"")) else {
                        throw Failure(offset: index, message: "Expected a key in quotes.")
                    }
                    let keyOffset = index
                    let key = try string()
                    try skipSpaceChecked()
                    guard peek(UInt8(ascii: ":")) else { throw Failure(offset: index, message: "Expected ':'.") }
                    index += 1
                    try skipSpaceChecked()
                    if members.contains(where: { $0.key == key }) {
                        throw Failure(offset: keyOffset, message: "Duplicate key '\(key)'.")
                    }
                    members.append(Member(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
                    try skipSpaceChecked()
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        continue
                    }
                    guard peek(UInt8(ascii: "}")) else { throw Failure(offset: index, message: "Expected ',' or '}'.") }
                    index += 1
                    return .object(members)
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [Value] = []
                try skipSpaceChecked()
                if peek(UInt8(ascii: "]")) {
                    index += 1
                    return .array(elements)
                }
                while true {
                    try skipSpaceChecked()
                    elements.append(try value(depth: depth + 1))
                    try skipSpaceChecked()
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        continue
                    }
                    guard peek(UInt8(ascii: "]")) else { throw Failure(offset: index, message: "Expected ',' or ']'.") }
                    index += 1
                    return .array(elements)
                }
            case UInt8(ascii: "\""):
                return .string(try string(), offset: start)
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true, offset: start)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false, offset: start)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null(offset: start)
            default:
                return .number(try number(), offset: start)
            }
        }

        private func peek(_ byte: UInt8) -> Bool {
            index < bytes.count && bytes[index] == byte
        }

        private mutating func literal(_ word: String) throws(Failure) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
            else { throw Failure(offset: index, message: "Unexpected token.") }
            index += expected.count
        }

        /// A JSON number, read by the shared JSON parser so that only JSON's
        /// grammar passes (`+1`, `.5`, `01` and `1e` are refused).
        private mutating func number() throws(Failure) -> Double {
            let start = index
            while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) {
                index += 1
            }
            guard index > start, case .number(let number)? = try? JSON.parse(Data(bytes[start..<index])),
                number.isFinite
            else {
                throw Failure(offset: start, message: "Unexpected token.")
            }
            return number
        }

        /// A JSON string at the opening quote, through the shared JSON
        /// parser so escapes mean what they mean everywhere else.
        private mutating func string() throws(Failure) -> String {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            guard index < bytes.count else { throw Failure(offset: start, message: "Unterminated string.") }
            index += 1
            guard case .string(let text)? = try? JSON.parse(Data(bytes[start..<index])) else {
                throw Failure(offset: start, message: "Invalid string.")
            }
            return text
        }

        /// Skips whitespace and comments; an unterminated `/*` is an error.
        private mutating func skipSpaceChecked() throws(Failure) {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    let start = index
                    index += 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    guard index + 1 < bytes.count else {
                        throw Failure(offset: start, message: "Unterminated comment.")
                    }
                    index += 2
                default:
                    return
                }
            }
        }
    }
}
