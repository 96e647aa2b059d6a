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
        return ending(response, of: answered, attempt: attempt)
    }

    /// Sends one request and returns its head and streaming body.
    private func open(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        if let streaming = transport as? any StreamingHTTPTransport {
            return try await streaming.stream(request)
        }
        return HTTPStreamingResponse(try await transport.send(request))
    }

    /// The response with a body that ends in exactly one way its reader and
    /// the observers can see: the end the server sent (`streamEnded`), a
    /// failure (`streamFailed`, thrown as a ``NetworkError``), the reader's
    /// task cancelled while it waits for a chunk (`streamFailed(.cancelled)`,
    /// thrown: a cancelled read never looks like a complete body), or the
    /// reader stopping before the end (`streamStopped`, when it lets go of
    /// the body; a loop cancelled between two chunks is ended that way by
    /// `AsyncThrowingStream` itself, before this is asked). Chunks are handed
    /// on in the reader's own task, with no extra hop; stopping the reader
    /// still cancels the request.
    private func ending(_ response: HTTPStreamingResponse, of request: HTTPRequest, attempt: Int)
        -> HTTPStreamingResponse
    {
        let started = ContinuousClock.now
        let client = self
        let reader = StreamReader(response.body.makeAsyncIterator()) { event, received in
            client.log(event, request, attempt: attempt, duration: ContinuousClock.now - started, received: received)
        }
        var ending = response
        ending.body = AsyncThrowingStream(unfolding: {
            do {
                if let chunk = try await reader.next() {
                    return chunk
                }
                // A transport's body also ends quietly when the task
                // reading it is cancelled: that is not the server's end.
                try Task.checkCancellation()
                reader.finish(.streamEnded)
                return nil
            } catch {
                let mapped = NetworkError(transportError: error, request: request, redactor: client.redactor)
                reader.finish(.streamFailed(mapped))
                throw mapped
            }
        })
        return ending
    }
}

/// The iterator of a stream's body, the bytes it delivered, and the one
/// record that ends it. Only the stream's one reader calls ``next()`` and
/// ``finish(_:)``, one call at a time, as `AsyncThrowingStream(unfolding:)`
/// guarantees; a reader that lets go of the body before its end is
/// reported when this is released.
private final class StreamReader: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator
    private let report: @Sendable (NetworkLogRecord.Event, Int) -> Void
    private var received = 0
    private var isFinished = false

    init(
        _ iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator,
        report: @escaping @Sendable (NetworkLogRecord.Event, Int) -> Void
    ) {
        self.iterator = iterator
        self.report = report
    }

    deinit {
        if !isFinished {
            report(.streamStopped, received)
        }
    }

    func next() async throws -> Data? {
        let chunk = try await iterator.next()
        received += chunk?.count ?? 0
        return chunk
    }

    /// Reports how the body ended, once.
    func finish(_ event: NetworkLogRecord.Event) {
        guard !isFinished else { return }
        isFinished = true
        report(event, received)
    }
}
