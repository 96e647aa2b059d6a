import Foundation
import Networking

/// Why a body is not JSON.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var reason: String
    /// The byte offset where parsing stopped.
    public var offset: Int
    /// Whether the text nests deeper than the parser's `maxDepth`, rather
    /// than being malformed.
    public var isTooDeep = false

    /// `reason at byte offset`.
    public var description: String {
        "\(reason) at byte \(offset)"
    }
}

extension JSON {
    /// Parses JSON text strictly (RFC 8259: no trailing commas, no comments),
    /// with a nesting limit so a hostile body cannot exhaust the stack.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON text; surrounding whitespace is allowed.
    ///   - maxDepth: The deepest nesting of arrays and objects accepted.
    public static func parse(_ data: Data, maxDepth: Int = 512) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: [UInt8](data), maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// Parses JSON text given as a string.
    public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONParseError) -> JSON {
        try parse(Data(text.utf8), maxDepth: maxDepth)
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSON {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSON {
        guard index < bytes.count else { throw fail("unexpected end of data") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth)", tooDeep: true) }
        index += 1
        var members: [String: JSON] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw fail("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue(depth: depth)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth)", tooDeep: true) }
        index += 1
        var elements: [JSON] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw fail("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    /// The bytes as a string, refusing what is not UTF-8: RFC 8259 requires
    /// it, and both services answer such a body with their parse error
    /// rather than store replacement characters.
    private func validated(_ text: ArraySlice<UInt8>) throws(JSONParseError) -> String {
        // Most strings are ASCII, which is always valid.
        if text.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text, as: UTF8.self)
        }
        var iterator = text.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: text, as: UTF8.self)
            case .error: throw fail("invalid UTF-8 in a string")
            }
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var start = index
        var unescaped: [UInt8] = []
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                if unescaped.isEmpty {
                    return try validated(bytes[start..<index])
                }
                unescaped.append(contentsOf: bytes[start..<index])
                return try validated(unescaped[...])
            case UInt8(ascii: "\\"):
                unescaped.append(contentsOf: bytes[start..<index])
                index += 1
                unescaped.append(contentsOf: String(Character(try parseEscape())).utf8)
                start = index
            case 0..<0x20:
                throw fail("unescaped control character in a string")
            default:
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard index < bytes.count else { throw fail("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("unpaired surrogate") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { throw fail("invalid surrogate pair") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail("invalid unicode escape") }
            return scalar
        default:
            throw fail("invalid escape")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated unicode escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid hex digit")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw fail("number out of range")
        }
        return .number(value)
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSON) throws(JSONParseError) -> JSON {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of data") }
        let matches = word.withUTF8Buffer { expected in
            bytes[index..<index + count].elementsEqual(expected)
        }
        guard matches else { throw fail("unexpected character") }
        index += count
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func fail(_ reason: String, tooDeep: Bool = false) -> JSONParseError {
        JSONParseError(reason: reason, offset: index, isTooDeep: tooDeep)
    }
}
