/// A step between ``NetworkClient`` and the wire: it can change the request,
/// look at or replace the response or the error, answer on its own, send the
/// request again, and decide whether a failed attempt is retried.
///
/// A client runs its ``NetworkClient/interceptors`` in order for every attempt,
/// the first outermost, around the transport and the redirects it follows;
/// streaming requests (``NetworkClient/stream(_:attempt:)``) pass through the same
/// chain, with the response's head as soon as it arrives. Each interceptor
/// receives the request as the ones before it left it and a `next` that
/// carries it the rest of the way; what `next` returns is a 2xx response,
/// and anything else arrives as the ``NetworkError`` it stands for, so an
/// interceptor matches on `.unauthenticated` rather than on 401.
///
/// ```swift
/// struct UserAgent: HTTPInterceptor {
///     func intercept<Response: InterceptedResponse>(
///         _ request: TransportRequest, attempt: Int,
///         next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
///     ) async throws(NetworkError) -> Response {
///         var request = request
///         request.headers["User-Agent"] = "Lessons/1.0"
///         return try await next(request)
///     }
/// }
/// client.interceptors.append(UserAgent())
/// ```
///
/// When an attempt fails, the client asks each interceptor in order for a
/// ``RetryDecision`` (``retryDecision(for:)``); the first that decides
/// wins, and the ``RetryPolicy`` has the last word when none does. That is
/// the one retry loop: an interceptor with its own rule (Airtable's 30-second
/// wait after a 429) decides, the client waits and sends again.
///
/// It takes the best of the peers: the shape of swift-openapi-runtime's
/// `ClientMiddleware` (one `async` function around `next`), Alamofire's
/// `RequestRetrier` and Get's `shouldClientRetry` as
/// ``retryDecision(for:)``, Moya's `process` as a change after `next`.
/// Unlike theirs, errors stay typed and carry the server's message, the
/// chain covers streams too, and redirects, status mapping and redaction
/// happen once, below it. ``BearerTokenInterceptor`` and
/// ``MetricsInterceptor`` are two complete interceptors.
public protocol HTTPInterceptor: Sendable {
    /// Handles one attempt of a request. The default hands it on unchanged.
    ///
    /// - Parameters:
    ///   - request: The request, as the interceptors before this one left it.
    ///   - attempt: Which attempt the client is making, from 1.
    ///   - next: Sends a request through the interceptors after this one
    ///     and the transport, following redirects; returns a 2xx response
    ///     (whole, or the head of a stream) or throws the error anything else
    ///     stands for. Call it once, again to retry within the attempt, or
    ///     not at all to answer from elsewhere (`Response(TransportResponse(…))`).
    /// - Returns: The response the client decodes or streams.
    func intercept<Response: InterceptedResponse>(
        _ request: TransportRequest,
        attempt: Int,
        next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response

    /// Whether a failed attempt is made again, and after how long. The
    /// default leaves it to the interceptors after this one and then the
    /// ``RetryPolicy``. Not asked for a cancelled request, nor for a stream,
    /// which its reader reconnects.
    ///
    /// - Parameter failure: The attempt that failed and why.
    func retryDecision(for failure: FailedAttempt) async -> RetryDecision
}

extension HTTPInterceptor {
    /// Hands the request on unchanged: for an interceptor that only decides
    /// retries.
    public func intercept<Response: InterceptedResponse>(
        _ request: TransportRequest,
        attempt: Int,
        next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        try await next(request)
    }

    /// Leaves the decision to the rest of the chain and the ``RetryPolicy``.
    public func retryDecision(for failure: FailedAttempt) async -> RetryDecision {
        .useRetryPolicy
    }
}
