import Foundation

extension HTTPClient {
    /// Sends the request and returns as soon as a successful response head
    /// arrives, with the body to read as it streams in.
    ///
    /// Used for server-sent events. The status is checked first: an error
    /// response is read (up to 1 MiB) and thrown as a ``NetworkError``. A
    /// transport that cannot stream delivers the whole body as one chunk.
    /// Redirects are followed as ``send(_:)`` follows them, and the request
    /// passes through the ``interceptors`` with the response's head.
    /// Streams are not retried here; a caller that reconnects decides how.
    public func stream<Value>(_ request: Request<Value>) async throws(NetworkError) -> HTTPStreamingResponse {
        let httpRequest = try makeHTTPRequest(request)
        return try await intercepted(httpRequest, attempt: 1, by: interceptors[...]) { hop throws(NetworkError) in
            try await openChecked(hop)
        }
    }

    /// Opens the stream, following redirects, and throws the error a
    /// non-2xx answer stands for.
    private func openChecked(_ httpRequest: HTTPRequest) async throws(NetworkError) -> HTTPStreamingResponse {
        if Task.isCancelled {
            throw .cancelled
        }
        let (response, answered) = try await followingRedirects(from: httpRequest) { hop throws(NetworkError) in
            let response = try await open(hop)
            return (response, response.status, response.headers)
        }
        guard (200..<300).contains(response.status) else {
            let collected: HTTPResponse
            do {
                collected = try await response.collect()
            } catch {
                throw NetworkError(transportError: error, request: answered, redactor: redactor)
            }
            throw failureClassifier(failure(for: collected, to: answered))
        }
        return response
    }

    /// Sends one request and returns its head and streaming body.
    private func open(_ request: HTTPRequest) async throws(NetworkError) -> HTTPStreamingResponse {
        log(.request, request, headers: request.headers, attempt: 1)
        do {
            if let streaming = transport as? any StreamingHTTPTransport {
                return try await streaming.stream(request)
            }
            return HTTPStreamingResponse(try await transport.send(request))
        } catch {
            throw NetworkError(transportError: error, request: request, redactor: redactor)
        }
    }
}
