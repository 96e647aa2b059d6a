/// A step between ``HTTPClient`` and the wire: it can change the request,
/// look at or replace the response or the error, answer on its own, or send
/// the request again.
///
/// A client runs its ``HTTPClient/interceptors`` in order for every attempt,
/// the first outermost, around the transport and the redirects it follows.
/// Each receives the request as the ones before it left it and a `next`
/// that carries it the rest of the way; what `next` returns is a 2xx
/// response, and anything else arrives as the ``NetworkError`` it stands
/// for, so an interceptor matches on `.unauthenticated` rather than on 401.
/// The ``RetryPolicy`` has the last word around the whole chain: it decides,
/// from what the chain threw, whether the attempt is made again.
///
/// ```swift
/// struct UserAgent: HTTPInterceptor {
///     func intercept(
///         _ request: HTTPRequest, attempt: Int,
///         next: @Sendable (HTTPRequest) async throws(NetworkError) -> HTTPResponse
///     ) async throws(NetworkError) -> HTTPResponse {
///         var request = request
///         request.headers["User-Agent"] = "Lessons/1.0"
///         return try await next(request)
///     }
/// }
/// client.interceptors.append(UserAgent())
/// ```
///
/// It is one `async` function in the shape of swift-openapi-runtime's
/// `ClientMiddleware`: Alamofire's `adapt` is a change before `next`, its
/// `retry` a second call of `next`; Moya's `process` a change after it;
/// Get's `shouldClientRetry` is the ``RetryPolicy``. Errors stay typed, and
/// redirects, status mapping and redaction happen once, below the chain.
/// ``BearerTokenInterceptor`` and ``MetricsInterceptor`` are two complete
/// interceptors.
public protocol HTTPInterceptor: Sendable {
    /// Handles one attempt of a request.
    ///
    /// - Parameters:
    ///   - request: The request, as the interceptors before this one left it.
    ///   - attempt: Which attempt the ``RetryPolicy`` is making, from 1.
    ///   - next: Sends a request through the interceptors after this one
    ///     and the transport, following redirects; returns a 2xx response or
    ///     throws the error anything else stands for. Call it once, again to
    ///     retry within the attempt, or not at all to answer from elsewhere.
    /// - Returns: The response the client decodes.
    func intercept(
        _ request: HTTPRequest,
        attempt: Int,
        next: @Sendable (HTTPRequest) async throws(NetworkError) -> HTTPResponse
    ) async throws(NetworkError) -> HTTPResponse
}
