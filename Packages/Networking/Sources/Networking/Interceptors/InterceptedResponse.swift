/// What comes back through the interceptors: a whole ``TransportResponse``, or the
/// head of an ``TransportStreamingResponse`` whose body is still arriving.
///
/// An interceptor is written once for both: it reads the status and
/// headers, and one that answers on its own makes the kind asked for from a
/// whole response with ``init(_:)``.
public protocol InterceptedResponse: Sendable {
    /// The HTTP status code.
    var status: Int { get }
    /// The header fields.
    var headers: HeaderFields { get }
    /// The body's size in bytes when it has arrived whole; `nil` for a
    /// stream, whose body its reader has yet to read.
    var receivedByteCount: Int? { get }
    /// A response of this kind with `response`'s status, headers and body.
    init(_ response: TransportResponse)
}

extension TransportResponse: InterceptedResponse {
    /// The body's size: it has arrived whole.
    public var receivedByteCount: Int? { body.count }

    /// The response itself.
    public init(_ response: TransportResponse) {
        self = response
    }
}

extension TransportStreamingResponse: InterceptedResponse {
    /// `nil`: the body is read later, as it streams.
    public var receivedByteCount: Int? { nil }

    /// A stream that delivers `response`'s body in chunks of 64 KiB, as a
    /// socket would.
    public init(_ response: TransportResponse) {
        self.init(status: response.status, headers: response.headers, body: TransferBody(response.body))
    }
}
