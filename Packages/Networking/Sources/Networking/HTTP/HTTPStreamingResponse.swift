import Foundation

/// A response whose body arrives in chunks as the server sends them, for
/// server-sent events and large downloads.
///
/// The body ends when the server closes the response, and throws if the
/// connection fails. Stopping the iteration (or cancelling the task that
/// iterates) cancels the underlying request.
public struct HTTPStreamingResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, chunk by chunk.
    public var body: AsyncThrowingStream<Data, any Error>

    /// Creates a streaming response.
    public init(status: Int, headers: HTTPHeaders, body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Reads the whole body, up to `limit` bytes, into one response.
    ///
    /// Used to turn a failed streaming response into an error with the
    /// server's message without reading an unbounded body.
    public func collect(upTo limit: Int = 1 << 20) async throws -> HTTPResponse {
        var data = Data()
        for try await chunk in body {
            data.append(chunk.prefix(limit - data.count))
            if data.count >= limit { break }
        }
        return HTTPResponse(status: status, headers: headers, body: data)
    }
}
