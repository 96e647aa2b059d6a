import Foundation

/// A response whose body arrives in chunks as the server sends them, for
/// server-sent events and large downloads.
///
/// The body ends when the server closes the response, and throws if the
/// connection fails. Stopping the iteration (or cancelling the task that
/// iterates) cancels the underlying request.
public struct TransportStreamingResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields.
    public var headers: HeaderFields
    /// The body, chunk by chunk; it can be read once.
    public var body: TransferBody

    /// Creates a streaming response.
    public init(status: Int, headers: HeaderFields, body: TransferBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a streaming response whose body is a transport's stream of
    /// chunks.
    public init(status: Int, headers: HeaderFields, body: AsyncThrowingStream<Data, any Error>) {
        self.init(status: status, headers: headers, body: TransferBody(body))
    }

    /// Reads the whole body, up to `limit` bytes, into one response.
    ///
    /// Used to turn a failed streaming response into an error with the
    /// server's message without reading an unbounded body.
    public func collect(upTo limit: Int = 1 << 20) async throws -> TransportResponse {
        var data = Data()
        for try await chunk in body {
            data.append(chunk.prefix(limit - data.count))
            if data.count >= limit { break }
        }
        return TransportResponse(status: status, headers: headers, body: data)
    }
}
