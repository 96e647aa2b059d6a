import Foundation

extension NetworkClient {
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
    public func stream<Value>(_ request: NetworkRequest<Value>, attempt: Int = 1) async throws(NetworkError)
        -> TransportStreamingResponse
    {
        try await stream(makeTransportRequest(request), attempt: attempt)
    }

    /// ``stream(_:attempt:)`` for a request built once, as a download's is.
    func stream(_ request: TransportRequest, attempt: Int) async throws(NetworkError) -> TransportStreamingResponse {
        try await intercepted(request, attempt: attempt, by: chain) { hop throws(NetworkError) in
            try await openChecked(hop, attempt: attempt)
        }
    }

    /// Opens the stream, following redirects, and throws the error a
    /// non-2xx answer stands for.
    private func openChecked(_ httpRequest: TransportRequest, attempt: Int) async throws(NetworkError)
        -> TransportStreamingResponse
    {
        let (response, answered) = try await followingRedirects(from: httpRequest, attempt: attempt) { hop in
            let response = try await open(hop)
            return (response, response.status, response.headers, nil)
        }
        guard Self.accepts(response.status, for: answered) else {
            let collected: TransportResponse
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
    private func open(_ request: TransportRequest) async throws -> TransportStreamingResponse {
        if let streaming = transport as? any StreamingHTTPTransport {
            return try await streaming.stream(request)
        }
        return TransportStreamingResponse(try await transport.send(request))
    }

    /// The response with a body that ends in exactly one way its reader and
    /// the observers can see: the end the server sent (`streamEnded`), a
    /// failure (`streamFailed`, thrown as a ``NetworkError``: a body short
    /// of its `Content-Length` is ``NetworkError/incompleteBody(expected:received:)``),
    /// the reader's task cancelled (`streamFailed(.cancelled)`, thrown: a
    /// cancelled read never looks like a complete body), or the reader
    /// stopping before the end (`streamStopped`, when it lets go of the
    /// body). Chunks are handed on in the reader's own task, with no extra
    /// hop; stopping the reader still cancels the request.
    func ending(
        _ response: TransportStreamingResponse, of request: TransportRequest, attempt: Int
    ) -> TransportStreamingResponse {
        let started = ContinuousClock.now
        let client = self
        let declared = TransportResponse.declaredLength(
            status: response.status, headers: response.headers, method: request.method)
        let reader = StreamReader(response.body.makeAsyncIterator(), declared: declared) {
            event, received in
            client.log(event, request, attempt: attempt, duration: ContinuousClock.now - started, received: received)
        }
        var ending = response
        let source = ChunkSource(isReplayable: false) {
            { () async throws -> Data? in
                do {
                    try Task.checkCancellation()
                    return try await reader.next()
                } catch {
                    let mapped = reader.failure(
                        NetworkError(transportError: error, request: request, redactor: client.redactor))
                    reader.finish(.streamFailed(mapped))
                    throw mapped
                }
            }
        }
        // A drained body's bytes never pass `next()`: they are counted on
        // their way to the sink, so the end is checked and recorded alike.
        let drain = response.body.drain.map { inner in
            { @Sendable (sink: @escaping @Sendable (Data) -> Bool) -> Bool in
                inner { chunk in
                    reader.count(chunk.count)
                    return sink(chunk)
                }
            }
        }
        // No length on the body itself: the reader checks the declared one,
        // drained bytes included.
        ending.body = TransferBody(source: .chunks(source), length: nil, drain: drain)
        return ending
    }
}

/// The iterator of a stream's body, the bytes it delivered, and the one
/// record that ends it. Only the stream's one reader calls ``next()`` and
/// ``finish(_:)``, one call at a time, as ``TransferBody/AsyncIterator`` does;
/// a reader that lets go of the body before its end is reported when this
/// is released.
private final class StreamReader: @unchecked Sendable {
    private var iterator: TransferBody.AsyncIterator
    private let declared: Int?
    private let report: @Sendable (NetworkLogRecord.Event, Int) -> Void
    /// Counted by the reader, and by a drained body's sink on the
    /// transport's thread: under the lock.
    private let lock = NSLock()
    private var receivedBytes = 0
    private var isFinished = false

    private var received: Int {
        lock.withLock { receivedBytes }
    }

    /// Adds bytes delivered outside ``next()``, to a drain's sink.
    func count(_ bytes: Int) {
        lock.withLock { receivedBytes += bytes }
    }

    init(
        _ iterator: TransferBody.AsyncIterator, declared: Int?,
        report: @escaping @Sendable (NetworkLogRecord.Event, Int) -> Void
    ) {
        self.iterator = iterator
        self.declared = declared
        self.report = report
    }

    deinit {
        if !isFinished {
            report(.streamStopped, received)
        }
    }

    /// The next chunk; at the end, checks that the body was whole and the
    /// reader not cancelled (a transport's body also ends quietly when the
    /// task reading it is cancelled: that is not the server's end).
    func next() async throws -> Data? {
        guard let chunk = try await iterator.next() else {
            try Task.checkCancellation()
            if let declared, received < declared {
                throw NetworkError.incompleteBody(expected: declared, received: received)
            }
            finish(.streamEnded)
            return nil
        }
        count(chunk.count)
        return chunk
    }

    /// What a failure mid-body stands for: a lost connection short of the
    /// declared length is an incomplete body, as it is for whole responses.
    func failure(_ error: NetworkError) -> NetworkError {
        guard case .connectionLost = error, let declared, received < declared else { return error }
        return .incompleteBody(expected: declared, received: received)
    }

    /// Reports how the body ended, once.
    func finish(_ event: NetworkLogRecord.Event) {
        guard !isFinished else { return }
        isFinished = true
        report(event, received)
    }
}
