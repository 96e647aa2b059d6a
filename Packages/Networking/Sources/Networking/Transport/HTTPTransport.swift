/// The one seam between the SDK and the network: send a request, get the
/// status, headers and body back.
///
/// ``URLSessionTransport`` is the default. The Sandbox package provides an
/// in-process transport that answers from its emulators without sockets, and
/// the AsyncHTTPClientTransport package one on SwiftNIO. Transports throw
/// whatever their stack throws; ``NetworkClient`` maps it to ``NetworkError``.
///
/// ```swift
/// struct Recording: HTTPTransport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         TransportResponse(status: 200, body: Data("[]".utf8))
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the complete response, whatever its status.
    ///
    /// A non-2xx status is not an error at this level. Cancelling the calling
    /// task cancels the request.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// A transport that can also deliver a response body as it arrives.
///
/// Server-sent events need this: their body never ends on its own. On Linux
/// `URLSession.bytes(for:)` does not exist, so ``URLSessionTransport`` builds
/// it on the data delegate instead.
public protocol StreamingHTTPTransport: HTTPTransport {
    /// Sends `request` and returns as soon as the response head arrives; the
    /// body follows in ``TransportStreamingResponse/body``.
    func stream(_ request: TransportRequest) async throws -> TransportStreamingResponse
}
