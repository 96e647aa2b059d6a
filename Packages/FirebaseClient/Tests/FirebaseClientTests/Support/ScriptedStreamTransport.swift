import Foundation
import Networking

/// Answers every stream with the same scripted server-sent events, split
/// into small chunks: for the events the Sandbox never sends (`cancel`,
/// `auth_revoked`, unknown names, malformed data).
struct ScriptedStreamTransport: StreamingHTTPTransport {
    let body: String
    var chunkSize = 7

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await stream(request).collect()
    }

    func stream(_ request: TransportRequest) async throws -> TransportStreamingResponse {
        let bytes = Array(body.utf8)
        let size = chunkSize
        return TransportStreamingResponse(
            status: 200,
            headers: ["Content-Type": "text/event-stream"],
            body: AsyncThrowingStream { continuation in
                for start in stride(from: 0, to: bytes.count, by: size) {
                    continuation.yield(Data(bytes[start..<min(start + size, bytes.count)]))
                }
                continuation.finish()
            }
        )
    }
}
