import Foundation

/// What came back: the status code, the header fields and the whole body.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status code, such as 200 or 404.
    public var status: Int
    /// The header fields.
    public var headers: HeaderFields
    /// The body bytes; empty when the server sent none.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HeaderFields = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool {
        (200..<300).contains(status)
    }

    /// The body length a response's head promises for a request to
    /// `method`, when the bytes received must match it: not for `HEAD`, 1xx,
    /// 204 or 304 (no body), nor with a `Content-Encoding` (the session hands
    /// on the decoded bytes, whose count differs). Only ASCII digits are a
    /// length (RFC 9110 §8.6), so `+5`, `1e3` and `0x10` promise nothing.
    ///
    /// Every transport's answer is checked against it, by ``NetworkClient``
    /// and by the transports themselves, so a body cut short is
    /// ``NetworkError/incompleteBody(expected:received:)`` however the
    /// connection ended.
    public static func declaredLength(status: Int, headers: HeaderFields, method: HTTPMethod) -> Int? {
        guard method != .head, status >= 200, status != 204, status != 304,
            !headers.contains("Content-Encoding")
        else { return nil }
        return headers["Content-Length"]?.trimmingASCIIWhitespace().digitsValue
    }
}
