import Foundation

/// A server's own explanation of a failure, read from its error body.
///
/// The lessons' APIs each shape it differently; ``parse(_:)`` reads them all:
///
/// | API | Body | `code` | `message` |
/// |---|---|---|---|
/// | Firebase | `{"error" : "Permission denied"}` | `nil` | `Permission denied` |
/// | Airtable | `{"error":{"type":"NOT_FOUND","message":"…"}}` | `NOT_FOUND` | `…` |
/// | Airtable | `{"error":"NOT_FOUND"}` | `NOT_FOUND` | `NOT_FOUND` |
/// | Airtable batch | `{"errors":[{"error":"…","message":"…"}]}` | first error | first message |
/// | Flickr style | `{"stat":"fail","code":100,"message":"Invalid API Key"}` | `100` | `Invalid API Key` |
/// | HTML page | `<title>502 Bad Gateway</title>` | `nil` | `502 Bad Gateway` |
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

    /// Reads the message from a JSON or HTML error body, or `nil` if there is
    /// none to find. Bodies over 1 MiB are not parsed.
    public static func parse(_ body: Data) -> ServerMessage? {
        guard !body.isEmpty, body.count <= 1 << 20 else { return nil }
        if let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            return fromJSON(json)
        }
        return fromHTML(String(decoding: body.prefix(64 * 1024), as: UTF8.self))
    }

    private static func fromJSON(_ json: Any) -> ServerMessage? {
        guard let object = json as? [String: Any] else { return nil }
        if let error = object["error"] as? String {
            // Airtable sometimes answers a bare type such as `NOT_FOUND`.
            let isCode = !error.isEmpty && error.allSatisfy { $0.isUppercase || $0 == "_" }
            return ServerMessage(code: isCode ? error : nil, message: error)
                .withCode(object["code"]).withMessage(object["message"])
        }
        if let error = object["error"] as? [String: Any] {
            let type = error["type"] as? String ?? error["code"].map { "\($0)" }
            let message = error["message"] as? String ?? type ?? "Unknown error"
            return ServerMessage(code: type, message: message)
        }
        if let errors = object["errors"] as? [[String: Any]], let first = errors.first {
            let code = first["error"] as? String ?? first["type"] as? String
            let message = first["message"] as? String ?? code ?? "Unknown error"
            return ServerMessage(code: code, message: message)
        }
        if let message = object["message"] as? String {
            return ServerMessage(code: nil, message: message).withCode(object["code"])
        }
        return nil
    }

    private static func fromHTML(_ html: String) -> ServerMessage? {
        guard let open = html.range(of: "<title>", options: .caseInsensitive),
            let close = html.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<html.endIndex)
        else { return nil }
        let title = html[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? nil : ServerMessage(code: nil, message: title)
    }

    private func withCode(_ value: Any?) -> ServerMessage {
        guard let value, !(value is NSNull) else { return self }
        return ServerMessage(code: "\(value)", message: message)
    }

    private func withMessage(_ value: Any?) -> ServerMessage {
        guard let text = value as? String else { return self }
        return ServerMessage(code: code ?? message, message: text)
    }
}
