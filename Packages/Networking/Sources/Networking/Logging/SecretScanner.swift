/// Finds and replaces the secrets in free text for ``Redactor``: JSON
/// members with a secret name, `name=value` pairs with one, bearer and basic
/// credentials, and URL passwords.
///
/// Two passes over the UTF-8 bytes, each linear in the text's length
/// whatever it holds (no backtracking, no regular expressions): the text
/// can be a server's body, and redaction runs on every logged request.
/// Truncated input (a body cut at the log's limit) is scanned as far as it
/// goes.
struct SecretScanner {
    private let text: String
    private let redactor: Redactor

    init(text: String, redactor: Redactor) {
        self.text = text
        self.redactor = redactor
    }

    mutating func redacted() -> String {
        guard Self.mayHoldSecret(text) else { return text }
        let bytes = Array(text.utf8)
        let replacement = Array(redactor.replacement.utf8)
        let members = redactingMembers(bytes, replacement: replacement)
        let pairs = redactingPairs(members, replacement: replacement)
        // Nothing redacted (a query such as `ns=posts`): the text as it was,
        // not a copy.
        return pairs == bytes ? text : String(decoding: pairs, as: UTF8.self)
    }

    /// Whether `text` has a byte every kind of secret needs: a member's
    /// `"`, a pair's `=`, a URL password's `@`, or the space or tab after
    /// `Bearer` and `Basic`. Most paths and many queries have none, and this
    /// one pass allocates nothing: redaction runs on every request the
    /// Sandbox logs.
    static func mayHoldSecret(_ text: String) -> Bool {
        text.utf8.contains { byte in
            byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "@") || byte == 0x20
                || byte == 0x09
        }
    }

    // MARK: JSON members

    /// `"name": value` with a secret name: a string, number or literal
    /// value becomes `"REDACTED"`; `null` stays, and an object or array is
    /// kept so that its own members are checked.
    private func redactingMembers(_ bytes: [UInt8], replacement: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\"")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            guard let end = Self.stringEnd(bytes, from: index) else {
                output.append(contentsOf: bytes[index...])
                break
            }
            output.append(contentsOf: bytes[index...end])
            var next = Self.skippingSpaces(bytes, from: end + 1)
            guard next < bytes.count, bytes[next] == UInt8(ascii: ":"),
                redactor.isSecret(name: Self.jsonString(bytes[(index + 1)..<end]))
            else {
                index = end + 1
                continue
            }
            next = Self.skippingSpaces(bytes, from: next + 1)
            output.append(contentsOf: bytes[(end + 1)..<next])
            index = next
            guard next < bytes.count else { break }
            switch bytes[next] {
            case UInt8(ascii: "\""):
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: replacement)
                output.append(UInt8(ascii: "\""))
                guard let valueEnd = Self.stringEnd(bytes, from: next) else { return output }
                index = valueEnd + 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                continue
            default:
                var valueEnd = next
                while valueEnd < bytes.count, !Self.endsJSONLiteral(bytes[valueEnd]) {
                    valueEnd += 1
                }
                if bytes[next..<valueEnd].elementsEqual("null".utf8) {
                    output.append(contentsOf: bytes[next..<valueEnd])
                } else {
                    output.append(UInt8(ascii: "\""))
                    output.append(contentsOf: replacement)
                    output.append(UInt8(ascii: "\""))
                }
                index = valueEnd
            }
        }
        return output
    }

    /// The index of the quote that closes the string opening at `start`, or
    /// `nil` when the text ends first.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return nil
    }

    private static func skippingSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) {
            index += 1
        }
        return index
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func endsJSONLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\""): true
        default: isSpace(byte)
        }
    }

    /// A JSON string's content with its escapes decoded (`\u0061` is `a`);
    /// an escape that is not valid JSON is kept as written.
    static func jsonString(_ content: ArraySlice<UInt8>) -> String {
        guard content.contains(UInt8(ascii: "\\")) else { return String(decoding: content, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < content.endIndex else {
                raw.append(byte)
                index += 1
                continue
            }
            let escaped = content[index + 1]
            let simple: UInt8? =
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "t"): 0x09
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                default: nil
                }
            if let simple {
                raw.append(simple)
                index += 2
            } else if escaped == UInt8(ascii: "u"), index + 6 <= content.endIndex,
                let code = UInt32(String(decoding: content[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                flush()
                scalars.append(scalar)
                index += 6
            } else {
                raw.append(byte)
                index += 1
            }
        }
        flush()
        return String(scalars)
    }

    // MARK: Pairs, credentials and URL passwords

    /// `name=value` with a secret name (decoded as a server decodes it),
    /// `Bearer …`/`Basic …` credentials, and `://user:password@`.
    private func redactingPairs(_ bytes: [UInt8], replacement: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        /// Where the name of a pair ending at the next `=` would start.
        var nameStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // A credential's token or a URL's password: replaced, and the
            // scan goes on after it.
            if let secret = Self.credentialEnd(bytes, at: index).map({ $0.tokenStart..<$0.end })
                ?? Self.urlPassword(bytes, at: index)
            {
                output.append(contentsOf: bytes[index..<secret.lowerBound])
                output.append(contentsOf: replacement)
                index = secret.upperBound
                nameStart = index
                continue
            }
            if byte == UInt8(ascii: "="), index > nameStart,
                redactor.isSecret(name: String(decoding: bytes[nameStart..<index], as: UTF8.self))
            {
                output.append(byte)
                output.append(contentsOf: replacement)
                index += 1
                while index < bytes.count, !Self.endsValue(bytes[index]) {
                    index += 1
                }
                nameStart = index
                continue
            }
            output.append(byte)
            index += 1
            if Self.endsName(byte) {
                nameStart = index
            }
        }
        return output
    }

    /// Bytes a pair's name cannot contain: what stands before a name in a
    /// query, a form, a cookie, JSON or prose.
    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: ","), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "|"), UInt8(ascii: "`"):
            true
        default:
            byte <= 0x20 || byte == 0x7F
        }
    }

    /// Bytes that end a pair's value.
    private static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"):
            true
        default:
            byte <= 0x20 || byte == 0x7F
        }
    }

    /// `Bearer <token>` or `Basic <token>` (any case, at a word's start):
    /// where the token starts and ends.
    private static func credentialEnd(_ bytes: [UInt8], at index: Int) -> (tokenStart: Int, end: Int)? {
        let lower = bytes[index] | 0x20
        guard lower == UInt8(ascii: "b"), index == 0 || !isLetter(bytes[index - 1]) else { return nil }
        for scheme in [Array("bearer".utf8), Array("basic".utf8)] {
            guard index + scheme.count < bytes.count,
                zip(bytes[index..<(index + scheme.count)], scheme).allSatisfy({ $0 | 0x20 == $1 })
            else { continue }
            var start = index + scheme.count
            guard bytes[start] == 0x20 || bytes[start] == 0x09 else { continue }
            while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 {
                start += 1
            }
            var end = start
            while end < bytes.count, isTokenByte(bytes[end]) {
                end += 1
            }
            return end > start ? (start, end) : nil
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// RFC 6750's token68 characters.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"):
            true
        default:
            isLetter(byte)
        }
    }

    /// At `://user:password@host`, the password's range. The look-ahead
    /// stops at the authority's end (`/`, `?`, `#`, a space), so no byte is
    /// looked at twice by it.
    private static func urlPassword(_ bytes: [UInt8], at index: Int) -> Range<Int>? {
        guard bytes[index] == UInt8(ascii: ":"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { return nil }
        var colon: Int?
        var cursor = index + 3
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: ":"):
                if colon == nil { colon = cursor }
            case UInt8(ascii: "@"):
                guard let colon, colon > index + 3, cursor > colon + 1 else { return nil }
                return (colon + 1)..<cursor
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return nil
            default:
                if bytes[cursor] <= 0x20 { return nil }
            }
            cursor += 1
        }
        return nil
    }
}
