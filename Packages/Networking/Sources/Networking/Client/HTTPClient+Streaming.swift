import Foundation

extension HTTPClient {
    /// Sends the request and returns as soon as a successful response head
    /// arrives, with the body to read as it streams in.
    ///
    /// Used for server-sent events. The status is checked first: an error
    /// response is read (up to 1 MiB) and thrown as a ``NetworkError``. A
    /// transport that cannot stream delivers the whole body as one chunk.
    /// Redirects are followed, and every hop logged, as ``send(_:)`` does it
    /// (the same code), and the request passes through the interceptors
    /// with the response's head. Observers also see the body end
    /// (`streamEnded`) or fail (`streamFailed`). Streams are not retried
    /// here; a caller that reconnects decides how, and numbers its
    /// `attempt`s.
    public func stream<Value>(_ request: Request<Value>, attempt: Int = 1) async throws(NetworkError)
        -> HTTPStreamingResponse
    {
        let httpRequest = try makeHTTPRequest(request)
        return try await intercepted(httpRequest, attempt: attempt, by: chain) { hop throws(NetworkError) in
            try await openChecked(hop, attempt: attempt)
        }
    }

    /// Opens the stream, following redirects, and throws the error a
    /// non-2xx answer stands for.
    private func openChecked(_ httpRequest: HTTPRequest, attempt: Int) async throws(NetworkError)
        -> HTTPStreamingResponse
    {
        let (response, answered) = try await followingRedirects(from: httpRequest, attempt: attempt) { hop in
            let response = try await open(hop)
            return (response, response.status, response.headers, nil)
        }
        guard Self.accepts(response.status, for: answered) else {
            let collected: HTTPResponse
            do {
                collected = try await response.collect()
            } catch {
                throw NetworkError(transportError: error, request: answered, redactor: redactor)
            }
            throw failureClassifier(failure(for: collected, to: answered))
        }
        return observers.isEmpty ? response : observed(response, of: answered, attempt: attempt)
    }

    /// Sends one request and returns its head and streaming body.
    private func open(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        if let streaming = transport as? any StreamingHTTPTransport {
            return try await streaming.stream(request)
        }
        return HTTPStreamingResponse(try await transport.send(request))
    }

    /// The response with a body that reports its end or failure to the
    /// observers. Chunks are handed on in the reader's own task, with no
    /// extra hop; stopping the reader still cancels the request.
    private func observed(_ response: HTTPStreamingResponse, of request: HTTPRequest, attempt: Int)
        -> HTTPStreamingResponse
    {
        let reader = StreamReader(response.body.makeAsyncIterator())
        let started = ContinuousClock.now
        let client = self
        var observed = response
        observed.body = AsyncThrowingStream(unfolding: {
            do {
                if let chunk = try await reader.next() {
                    return chunk
                }
                client.log(
                    .streamEnded, request, attempt: attempt, duration: ContinuousClock.now - started,
                    received: reader.received)
                return nil
            } catch {
                let mapped = NetworkError(transportError: error, request: request, redactor: client.redactor)
                client.log(
                    .streamFailed(mapped), request, attempt: attempt, duration: ContinuousClock.now - started,
                    received: reader.received)
                throw error
            }
        })
        return observed
    }
}

/// The iterator of an observed stream's body and the bytes it delivered.
/// Only the stream's one reader calls ``next()``, one call at a time, as
/// `AsyncThrowingStream(unfolding:)` guarantees.
private final class StreamReader: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator
    private(set) var received = 0

    init(_ iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? {
        let chunk = try await iterator.next()
        received += chunk?.count ?? 0
        return chunk
    }
}
