import Foundation

/// A fully resolved HTTP request: what a transport puts on the wire.
///
/// ``NetworkClient`` builds one from a ``NetworkRequest`` and its base URL; transports
/// never see the typed request or its decoding.
public struct TransportRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HeaderFields
    /// The body, if any: bytes, a file, a form or a stream, read by the
    /// transport as it sends it.
    public var body: TransferBody?
    /// How long the transport may wait for the response before failing with
    /// ``NetworkError/timedOut``; `nil` uses the transport's default.
    public var timeout: Duration?

    /// Creates a request.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HeaderFields = [:],
        body: TransferBody? = nil,
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
        headers: HeaderFields = [:],
        data: Data,
        timeout: Duration? = nil
    ) {
        self.init(method: method, url: url, headers: headers, body: TransferBody(data), timeout: timeout)
    }
}
