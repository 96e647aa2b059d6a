/// What one pass through the network cost: time and bytes, and how it ended.
public struct RequestMetrics: Sendable {
    /// The request's method.
    public var method: HTTPMethod
    /// The request's URL, with secret query values redacted.
    public var url: String
    /// Which attempt of the ``RetryPolicy`` this was, from 1.
    public var attempt: Int
    /// The status answered, or `nil` when no response arrived.
    public var status: Int?
    /// The error it ended with, or `nil` for a 2xx response.
    public var error: NetworkError?
    /// From handing the request on to the answer or the error.
    public var duration: Duration
    /// The bytes of the request's body.
    public var bytesSent: Int
    /// The bytes of the response's body, a failure's included; `nil` for a
    /// stream, whose body is read after the metrics are reported.
    public var bytesReceived: Int?
}

/// Reports ``RequestMetrics`` for every attempt to a handler: the time it
/// took and the bytes each way, whether it succeeded or failed. For a
/// stream, the time is until its head arrived.
///
/// ```swift
/// client.interceptors.append(MetricsInterceptor { metrics in
///     statsd.timing("http.\(metrics.method)", metrics.duration)
/// })
/// ```
///
/// Put it first to measure everything the other interceptors do (a token
/// refresh included), last to measure only the wire.
public struct MetricsInterceptor: HTTPInterceptor {
    /// Receives the metrics of each attempt, on the task that made it.
    public var handler: @Sendable (RequestMetrics) -> Void
    /// Keeps secrets out of the reported URL.
    public var redactor: Redactor

    /// Creates an interceptor that reports to `handler`.
    public init(redactor: Redactor = Redactor(), handler: @escaping @Sendable (RequestMetrics) -> Void) {
        self.redactor = redactor
        self.handler = handler
    }

    /// Hands the request on and reports what it cost.
    public func intercept<Response: InterceptedResponse>(
        _ request: HTTPRequest,
        attempt: Int,
        next: @Sendable (HTTPRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        let started = ContinuousClock.now
        let outcome = await Result.capturing { () async throws(NetworkError) in try await next(request) }
        var metrics = RequestMetrics(
            method: request.method, url: redactor.redact(request.url), attempt: attempt, status: nil, error: nil,
            duration: ContinuousClock.now - started, bytesSent: request.body?.count ?? 0, bytesReceived: 0)
        switch outcome {
        case .success(let response):
            metrics.status = response.status
            metrics.bytesReceived = response.receivedByteCount
        case .failure(let error):
            metrics.status = error.failure?.status
            metrics.bytesReceived = error.failure?.body.count ?? 0
            metrics.error = error
        }
        handler(metrics)
        return try outcome.get()
    }
}
