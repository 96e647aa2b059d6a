import Foundation
import Networking

/// Airtable's error bodies, read into the failure's ``/Networking/ServerMessage``
/// (the client's ``/Networking/NetworkClient/messageParser``): the error's
/// `type` is the message's code.
///
/// | Body | `code` | `message` |
/// |---|---|---|
/// | `{"error":{"type":"NOT_FOUND","message":"…"}}` | `NOT_FOUND` | `…` |
/// | `{"error":"NOT_FOUND"}` | `NOT_FOUND` | `NOT_FOUND` |
/// | `{"errors":[{"error":"…","message":"…"}]}` | the first `error` | its `message` |
///
/// Anything else (a proxy's HTML page, a plain-text 502) is read as
/// ``/Networking/ServerMessage/parse(_:)`` reads it.
enum AirtableErrorBody {
    static func message(_ response: TransportResponse) -> ServerMessage? {
        let body = response.body
        guard !body.isEmpty, body.count <= 1 << 20,
            let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        else { return ServerMessage.parse(body) }
        if let error = object["error"] as? [String: Any], let type = error["type"] as? String, !type.isEmpty {
            return ServerMessage(code: type, message: error["message"] as? String ?? type)
        }
        if let type = object["error"] as? String, isType(type) {
            // The bare form, as Airtable answers a path it does not know.
            return ServerMessage(code: type, message: object["message"] as? String ?? type)
        }
        if let errors = object["errors"] as? [[String: Any]], let first = errors.first,
            let type = first["error"] as? String ?? first["type"] as? String, !type.isEmpty
        {
            return ServerMessage(code: type, message: first["message"] as? String ?? type)
        }
        return ServerMessage.parse(body)
    }

    /// `NOT_FOUND`: an error type is upper-case letters and underscores.
    private static func isType(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || $0 == "_" }
    }
}
