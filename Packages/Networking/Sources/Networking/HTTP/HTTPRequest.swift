import Foundation

/// A fully resolved HTTP request: what a transport puts on the wire.
///
/// ``HTTPClient`` builds one from a ``Request`` and its base URL; transports
/// never see the typed request or its decoding.
public struct HTTPRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, if any: bytes, a file, a form or a stream, read by the
    /// transport as it sends it.
    public var body: HTTPBody?
    /// How long the transport may wait for the response before failing with
    /// ``NetworkError/timedOut``; `nil` uses the transport's default.
    public var timeout: Duration?

    /// Creates a request.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = [:],
        body: HTTPBody? = nil,
        timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// Creates a request whose body is bytes in memory.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = [:],
        data: Data,
        timeout: Duration? = nil
    ) {
        self.init(method: method, url: url, headers: headers, body: HTTPBody(data), timeout: timeout)
    }
}
