/// Reports each pass through the interceptors that follow it as one
/// ``NetworkLogRecord`` (the observers' record type): the time the pass
/// took, the bytes each way, and how it ended (`response`, `revalidated` or
/// `failure`). For a stream, the time is until its head arrived.
///
/// The ``NetworkClient/observers`` already see every hop on the wire; this
/// interceptor measures a span of the chain instead. Put it first to
/// include everything the other interceptors do (a token refresh
/// included), last to measure only the wire:
///
/// ```swift
/// client.interceptors.insert(MetricsInterceptor { record in
///     statsd.timing("http.\(record.method)", record.duration ?? .zero, ok: record.isSuccess)
/// }, at: 0)
/// ```
public struct MetricsInterceptor: HTTPInterceptor {
    /// Receives the record of each pass, on the task that made it.
    public var handler: @Sendable (NetworkLogRecord) -> Void
    /// Keeps secrets out of the reported URL and headers.
    public var redactor: Redactor

    /// Creates an interceptor that reports to `handler`.
    public init(redactor: Redactor = Redactor(), handler: @escaping @Sendable (NetworkLogRecord) -> Void) {
        self.redactor = redactor
        self.handler = handler
    }

    /// Hands the request on and reports what it cost.
    public func intercept<Response: InterceptedResponse>(
        _ request: TransportRequest,
        attempt: Int,
        next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        let started = ContinuousClock.now
        let outcome = await Result.capturing { () async throws(NetworkError) in try await next(request) }
        let event: NetworkLogRecord.Event
        let headers: HeaderFields
        let received: Int?
        switch outcome {
        case .success(let response):
            event = response.status == 304 ? .revalidated : .response(status: response.status)
            headers = response.headers
            received = response.receivedByteCount
        case .failure(let error):
            event = .failure(error)
            headers = error.failure?.headers ?? [:]
            received = error.failure?.body.count
        }
        handler(
            NetworkLogRecord(
                event, of: request, headers: headers, attempt: attempt, duration: ContinuousClock.now - started,
                received: received, redactor: redactor))
        return try outcome.get()
    }
}
