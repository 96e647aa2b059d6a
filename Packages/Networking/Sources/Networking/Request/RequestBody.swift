import Foundation

/// The body of a ``Request``.
public enum RequestBody: Sendable {
    /// A value encoded to JSON by the client's encoder when the request is sent.
    case json(any Encodable & Sendable)
    /// Raw bytes, sent as they are, with an optional `Content-Type`.
    case data(Data, contentType: String?)
    /// Any body (a file, a stream), with an optional `Content-Type`.
    case body(HTTPBody, contentType: String?)
    /// An `application/x-www-form-urlencoded` form, encoded by the rules
    /// of query items (only RFC 3986's unreserved characters stay as they
    /// are), in the given order.
    case form([QueryItem])
    /// A `multipart/form-data` form.
    case multipart(MultipartForm)
}
