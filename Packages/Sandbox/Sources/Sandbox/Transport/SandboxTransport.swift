import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests straight to a ``Sandbox``'s handlers, without sockets: fast
/// client tests with the same answers the server gives.
///
/// Any base URL works; the scheme and host are ignored, the path and query
/// are what the emulators read. A dropped-connection fault throws
/// `URLError(.networkConnectionLost)`, and a request's timeout is enforced,
/// just as `URLSessionTransport` would report them. A body fault
/// (``/SandboxCore/BodyFault``) acts on the body as it is read: a cut body throws
/// `URLError(.networkConnectionLost)` after its bytes, a stalled one
/// `URLError(.timedOut)` once the request's timeout has passed, and a
/// throttled one arrives at its pace, each with the `Content-Length` of
/// the whole body, as over a socket.
///
/// Bodies move as they would over a socket: a request body (a file, a
/// form, a stream) is read through, and a response body is delivered in
/// chunks of 64 KiB, so progress and streaming behave in tests as they do
/// over the wire.
public struct SandboxTransport: StreamingHTTPTransport {
    /// The sandbox that answers.
    public let sandbox: Sandbox
    /// The largest request body read, in bytes (256 MiB unless set): a
    /// larger one is answered `413`, as a server refuses it, before the
    /// emulator's own limits apply.
    public let maxRequestBodySize: Int

    /// Creates a transport to `sandbox`.
    public init(_ sandbox: Sandbox, maxRequestBodySize: Int = 256 << 20) {
        self.sandbox = sandbox
        self.maxRequestBodySize = max(0, maxRequestBodySize)
    }

    /// Answers the request completely.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await stream(request)
        return try await response.collect(upTo: Int.max)
    }

    /// Answers the request, streaming the body as the emulator produces it.
    public func stream(_ request: TransportRequest) async throws -> TransportStreamingResponse {
        var body = Data()
        if let requestBody = request.body {
            do {
                body = try await requestBody.collect(upTo: maxRequestBodySize)
            } catch .responseTooLarge {
                return TransportStreamingResponse(
                    TransportResponse(
                        status: 413, headers: ["Content-Type": "text/plain", "Connection": "close"],
                        body: Data("The request body is larger than \(maxRequestBodySize) bytes.".utf8)))
            }
        }
        let sandboxRequest = Self.sandboxRequest(for: request, body: body)
        let response = try await withDeadline(request.timeout) {
            await sandbox.respond(to: sandboxRequest)
        }
        switch response.body {
        case .dropConnection:
            throw URLError(.networkConnectionLost)
        case .data(let data):
            guard let bodyFault = response.bodyFault, request.method != .head else {
                return TransportStreamingResponse(
                    status: response.status, headers: response.headers, body: TransferBody(data))
            }
            var headers = response.headers
            headers["Content-Length"] = String(data.count)
            return TransportStreamingResponse(
                status: response.status, headers: headers,
                body: TransferBody(Self.deliver(data, through: bodyFault, timeout: request.timeout), length: data.count)
            )
        case .stream(let chunks):
            // Read directly: when the reader stops, or its task is cancelled,
            // the stream ends and the emulator's subscription with it.
            return TransportStreamingResponse(
                status: response.status, headers: response.headers, body: TransferBody(chunks))
        }
    }

    /// The chunks of a faulted body, as a socket would deliver them.
    private static func deliver(
        _ data: Data, through fault: BodyFault, timeout: Duration?
    ) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream(bufferingPolicy: .unbounded) { continuation in
            let delivery = Task {
                do {
                    let ending = try await fault.deliver(data) { continuation.yield($0) }
                    switch ending {
                    case nil:
                        continuation.finish()
                    case .cut:
                        continuation.finish(throwing: URLError(.networkConnectionLost))
                    case .stall:
                        // Nothing more arrives: the request's timeout ends it,
                        // as URLSession's does a silent connection.
                        try await Task.sleep(for: min(timeout ?? BodyFault.maxStall, BodyFault.maxStall))
                        continuation.finish(throwing: URLError(.timedOut))
                    }
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in delivery.cancel() }
        }
    }

    static func sandboxRequest(for request: TransportRequest, body: Data) -> SandboxRequest {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        var headers = request.headers
        if !headers.contains("Host"), let host = request.url.host {
            headers["Host"] = request.url.port.map { "\(host):\($0)" } ?? host
        }
        let path = components?.percentEncodedPath ?? "/"
        return SandboxRequest(
            method: request.method.rawValue,
            path: path.isEmpty ? "/" : path,
            rawQuery: components?.percentEncodedQuery,
            headers: headers,
            body: body
        )
    }
}
