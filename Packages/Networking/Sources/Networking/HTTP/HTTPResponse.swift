import Foundation

/// What came back: the status code, the header fields and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code, such as 200 or 404.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes; empty when the server sent none.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool {
        (200..<300).contains(status)
    }
}
