import Foundation

extension HTTPClient {
    /// Sends the request and returns as soon as a successful response head
    /// arrives, with the body to read as it streams in.
    ///
    /// Used for server-sent events. The status is checked first: an error
    /// response is read (up to 1 MiB) and thrown as a ``NetworkError``. A
    /// transport that cannot stream delivers the whole body as one chunk.
    /// Streams are not retried here; a caller that reconnects decides how.
    public func stream<Value>(_ request: Request<Value>) async throws(NetworkError) -> HTTPStreamingResponse {
        let httpRequest = try makeHTTPRequest(request)
        if Task.isCancelled {
            throw .cancelled
        }
        log(.request, httpRequest, headers: httpRequest.headers, attempt: 1)
        let response: HTTPStreamingResponse
        do {
            if let streaming = transport as? any StreamingHTTPTransport {
                response = try await streaming.stream(httpRequest)
            } else {
                let whole = try await transport.send(httpRequest)
                response = HTTPStreamingResponse(
                    status: whole.status,
                    headers: whole.headers,
                    body: AsyncThrowingStream { continuation in
                        continuation.yield(whole.body)
                        continuation.finish()
                    }
                )
            }
        } catch {
            throw NetworkError(transportError: error, request: httpRequest, redactor: redactor)
        }
        guard (200..<300).contains(response.status) else {
            let collected: HTTPResponse
            do {
                collected = try await response.collect()
            } catch {
                throw NetworkError(transportError: error, request: httpRequest, redactor: redactor)
            }
            throw NetworkError(failure: failure(for: collected, to: httpRequest))
        }
        return response
    }
}
