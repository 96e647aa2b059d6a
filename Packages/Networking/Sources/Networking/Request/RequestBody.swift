import Foundation

/// The body of a ``Request``.
public enum RequestBody: Sendable {
    /// A value encoded to JSON by the client's encoder when the request is sent.
    case json(any Encodable & Sendable)
    /// Raw bytes, sent as they are, with an optional `Content-Type`.
    case data(Data, contentType: String?)
}
