import Foundation
import Networking

/// A `multipart/form-data` body (RFC 7578) as an emulator reads it, with
/// bounds on everything a hostile client controls: the number of parts,
/// the size of each part's headers, and (through the server's body limit)
/// the whole.
///
/// Names and filenames are read as browsers write them: quoted, with `"`,
/// CR and LF sent as `%22`, `%0D` and `%0A`; a `filename*=UTF-8''…` form
/// (RFC 5987) wins over `filename`.
public struct MultipartFormData: Sendable {
    /// One part of the form.
    public struct Part: Sendable, Hashable {
        /// The field name.
        public var name: String
        /// The filename, for a file part.
        public var filename: String?
        /// The part's `Content-Type`, if it had one.
        public var contentType: String?
        /// The part's bytes.
        public var data: Data

        /// The bytes as UTF-8 text, for a text field.
        public var text: String {
            String(decoding: data, as: UTF8.self)
        }
    }

    /// Why a body could not be read as a form.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The `Content-Type` is not `multipart/form-data` with a boundary.
        case notMultipart
        /// The body does not follow the multipart syntax.
        case malformed(String)
        /// More parts than allowed.
        case tooManyParts(limit: Int)
        /// A part's headers are larger than allowed.
        case headersTooLarge(limit: Int)

        /// What was wrong, in plain words.
        public var description: String {
            switch self {
            case .notMultipart: "The body is not multipart/form-data with a boundary."
            case .malformed(let reason): "The multipart body is malformed: \(reason)."
            case .tooManyParts(let limit): "The form has more than \(limit) parts."
            case .headersTooLarge(let limit): "A part's headers are larger than \(limit) bytes."
            }
        }
    }

    /// The most parts a form may have.
    public static let maxParts = 256
    /// The most bytes of headers one part may have.
    public static let maxHeaderSize = 8 << 10

    /// The parts, in order.
    public var parts: [Part]

    /// The first part named `name`.
    public func part(_ name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// Reads `body`, sent with `contentType`.
    public init(body: Data, contentType: String?) throws(Failure) {
        guard let contentType, let boundary = Self.boundary(in: contentType) else { throw .notMultipart }
        parts = try Self.parse(body, boundary: Data(("--" + boundary).utf8))
    }

    /// The `boundary` parameter of a `multipart/form-data` type: 1 to 70
    /// characters (RFC 2046), quoted or not.
    public static func boundary(in contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "="),
                piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary"
            else { continue }
            var value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F || $0 == 0x20 })
            else { return nil }
            return value
        }
        return nil
    }

    private static func parse(_ body: Data, boundary delimiter: Data) throws(Failure) -> [Part] {
        let crlf = Data("\r\n".utf8)
        // The first delimiter may follow a preamble; later ones follow a CRLF.
        guard let first = body.range(of: delimiter) else { throw .malformed("no boundary") }
        var cursor = first.upperBound
        var parts: [Part] = []
        let separator = crlf + delimiter
        while true {
            // After a delimiter: "--" ends the form, CRLF starts a part
            // (transport padding of spaces and tabs is allowed before it).
            if body[cursor...].starts(with: Data("--".utf8)) { return parts }
            while cursor < body.endIndex, body[cursor] == 0x20 || body[cursor] == 0x09 { cursor += 1 }
            guard body[cursor...].starts(with: crlf) else { throw .malformed("a boundary line has trailing text") }
            cursor += 2
            guard parts.count < maxParts else { throw .tooManyParts(limit: maxParts) }
            let headerLimit = min(body.endIndex, cursor + maxHeaderSize + 4)
            let headerEnd: Range<Data.Index>
            if body[cursor...].starts(with: crlf) {
                headerEnd = cursor..<cursor + 2  // no headers at all
            } else {
                guard let end = body.range(of: crlf + crlf, in: cursor..<headerLimit) else {
                    if headerLimit - cursor > maxHeaderSize { throw .headersTooLarge(limit: maxHeaderSize) }
                    throw .malformed("a part's headers do not end")
                }
                headerEnd = end
            }
            let headers = String(decoding: body[cursor..<headerEnd.lowerBound], as: UTF8.self)
            let contentStart = headerEnd.upperBound
            guard let next = body.range(of: separator, in: contentStart..<body.endIndex) else {
                throw .malformed("the last part does not end with a boundary")
            }
            parts.append(try part(headers: headers, data: body.subdata(in: contentStart..<next.lowerBound)))
            cursor = next.upperBound
        }
    }

    private static func part(headers: String, data: Data) throws(Failure) -> Part {
        var disposition: String?
        var contentType: String?
        for line in headers.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a header line has no colon") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "content-disposition": disposition = value
            case "content-type": contentType = value
            default: continue
            }
        }
        guard let disposition else { throw .malformed("a part has no Content-Disposition") }
        let parameters = Self.parameters(of: disposition)
        guard parameters.type == "form-data", let name = parameters.values["name"] else {
            throw .malformed("a part's Content-Disposition is not form-data with a name")
        }
        let filename = parameters.values["filename*"].flatMap(Self.extendedValue) ?? parameters.values["filename"]
        return Part(name: name, filename: filename, contentType: contentType, data: data)
    }

    /// The disposition type and its parameters; quoted values are unquoted
    /// (a backslash escapes the next character) and HTML's `%22`, `%0D`
    /// and `%0A` decoded.
    public static func parameters(of header: String) -> (type: String, values: [String: String]) {
        var values: [String: String] = [:]
        var characters = Substring(header)
        func skipSpaces() { characters = characters.drop { $0 == " " || $0 == "\t" } }
        let type = characters.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        characters = characters.drop { $0 != ";" }
        while characters.first == ";" {
            characters = characters.dropFirst()
            skipSpaces()
            let key = characters.prefix { $0 != "=" && $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
            characters = characters.drop { $0 != "=" && $0 != ";" }
            guard characters.first == "=" else { continue }
            characters = characters.dropFirst()
            skipSpaces()
            var value = ""
            if characters.first == "\"" {
                characters = characters.dropFirst()
                while let character = characters.first, character != "\"" {
                    characters = characters.dropFirst()
                    if character == "\\", let escaped = characters.first {
                        value.append(escaped)
                        characters = characters.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                characters = characters.dropFirst()
                characters = characters.drop { $0 != ";" }
                value = value.replacingOccurrences(of: "%22", with: "\"")
                    .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            } else {
                value = characters.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
                characters = characters.drop { $0 != ";" }
            }
            if !key.isEmpty, values[key] == nil { values[key] = value }
        }
        return (type, values)
    }

    /// An RFC 5987 value, `UTF-8''caf%C3%A9.jpg`, decoded; `nil` for any
    /// other charset or a malformed one.
    private static func extendedValue(_ text: String) -> String? {
        let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        return PercentEncoding.decode(pieces[2])
    }
}
