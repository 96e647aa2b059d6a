import Foundation

/// A server's own explanation of a failure, read from its error body.
///
/// ``parse(_:)`` reads the shapes most JSON APIs share, and nothing
/// specific to one API; a client whose API writes its own shape reads it
/// with ``NetworkClient/messageParser`` (Airtable's client reads its `type`
/// and its batch `errors` that way):
///
/// | Body | `code` | `message` |
/// |---|---|---|
/// | `{"error" : "Permission denied"}` | `nil` | `Permission denied` |
/// | `{"error":{"code":404,"message":"Not found"}}` | `404` | `Not found` |
/// | `{"message":"Invalid API Key","code":100}` | `100` | `Invalid API Key` |
/// | `<title>502 Bad Gateway</title>` | `nil` | `502 Bad Gateway` |
/// | `Service Unavailable` (plain text) | `nil` | its first line |
public struct ServerMessage: Sendable, Hashable, CustomStringConvertible {
    /// A machine-readable error code or type, when the API gives one.
    public var code: String?
    /// The human-readable message.
    public var message: String

    /// Creates a message.
    public init(code: String?, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`, or the message alone when it says the same.
    public var description: String {
        guard let code, code != message else { return message }
        return "\(code): \(message)"
    }

    /// Reads the message from a JSON, HTML or plain-text error body, or
    /// `nil` if there is none to find. Bodies over 1 MiB are not parsed.
    public static func parse(_ body: Data) -> ServerMessage? {
        guard !body.isEmpty, body.count <= 1 << 20 else { return nil }
        if let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            return fromJSON(json)
        }
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        return fromHTML(text) ?? fromPlainText(text)
    }

    /// The JSON members most APIs use: `error` (a text, or an object with
    /// `message` and `code`), else `message` and `code` at the top.
    private static func fromJSON(_ json: Any) -> ServerMessage? {
        guard let object = json as? [String: Any] else { return nil }
        if let error = object["error"] as? String, !error.isEmpty {
            return ServerMessage(code: codeText(object["code"]), message: error)
        }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String {
            return ServerMessage(code: codeText(error["code"]), message: message)
        }
        if let message = object["message"] as? String, !message.isEmpty {
            return ServerMessage(code: codeText(object["code"]), message: message)
        }
        return nil
    }

    /// A code given as a number or a text.
    private static func codeText(_ value: Any?) -> String? {
        switch value {
        case let text as String where !text.isEmpty: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    /// The first line of a body that reads as text, at most 200
    /// characters: no markup, no control characters, not broken UTF-8, and
    /// not JSON cut short (which says nothing a person can use).
    private static func fromPlainText(_ text: String) -> ServerMessage? {
        let isText = !text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && !"\n\r\t".unicodeScalars.contains(scalar)) || scalar == "\u{FFFD}" || scalar == "<"
        }
        guard isText,
            let line = text.split(whereSeparator: \.isNewline).lazy
                .map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }),
            !line.hasPrefix("{"), !line.hasPrefix("[")
        else { return nil }
        return ServerMessage(code: nil, message: String(line.prefix(200)))
    }

    private static func fromHTML(_ html: String) -> ServerMessage? {
        guard let open = html.range(of: "<title>", options: .caseInsensitive),
            let close = html.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<html.endIndex)
        else { return nil }
        let title = html[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? nil : ServerMessage(code: nil, message: title)
    }
}
