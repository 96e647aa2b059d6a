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
/// just as `URLSessionTransport` would report them.
public struct SandboxTransport: StreamingHTTPTransport {
    /// The sandbox that answers.
    public let sandbox: Sandbox

    /// Creates a transport to `sandbox`.
    public init(_ sandbox: Sandbox) {
        self.sandbox = sandbox
    }

    /// Answers the request completely.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await stream(request)
        return try await response.collect(upTo: Int.max)
    }

    /// Answers the request, streaming the body as the emulator produces it.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let sandboxRequest = Self.sandboxRequest(for: request)
        let response = try await withDeadline(request.timeout) {
            await sandbox.respond(to: sandboxRequest)
        }
        switch response.body {
        case .dropConnection:
            throw URLError(.networkConnectionLost)
        case .data(let data):
            return HTTPStreamingResponse(
                status: response.status,
                headers: response.headers,
                body: AsyncThrowingStream { continuation in
                    if !data.isEmpty { continuation.yield(data) }
                    continuation.finish()
                }
            )
        case .stream(let chunks):
            return HTTPStreamingResponse(status: response.status, headers: response.headers, body: Self.relay(chunks))
        }
    }

    static func sandboxRequest(for request: HTTPRequest) -> SandboxRequest {
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
            body: request.body ?? Data()
        )
    }

    /// Relays the emulator's stream; when the reader stops, the relay task is
    /// cancelled, which ends the emulator's stream and its subscription.
    private static func relay(_ chunks: AsyncStream<Data>) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                for await chunk in chunks {
                    continuation.yield(chunk)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
