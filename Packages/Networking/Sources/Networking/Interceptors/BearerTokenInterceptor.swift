/// Signs every request with `Authorization: Bearer <token>` from an
/// ``AccessTokenStore``, and when the server refuses the token (a `401`),
/// gets a new one and sends the request once more.
///
/// ```swift
/// let tokens = AccessTokenStore { () async throws(NetworkError) in
///     try await authServer.send(Request<TokenResponse>.post("oauth/token").jsonBody(refreshGrant)).accessToken
/// }
/// client.interceptors.append(BearerTokenInterceptor(tokens: tokens))
/// ```
///
/// Concurrent requests refused together share one refresh: the store runs
/// it once and the others wait for its token, then each request is sent
/// again, once. A second `401` with the new token is the caller's error, so
/// a token the server will never accept cannot loop. The token only ever
/// travels in the header, which every log and description redacts.
public struct BearerTokenInterceptor: HTTPInterceptor {
    /// Where the token comes from.
    public let tokens: AccessTokenStore

    /// Creates an interceptor signing requests with `tokens`' token.
    public init(tokens: AccessTokenStore) {
        self.tokens = tokens
    }

    /// Sends the request with the current token; after a `401`, once more
    /// with a new one.
    public func intercept<Response: InterceptedResponse>(
        _ request: HTTPRequest,
        attempt: Int,
        next: @Sendable (HTTPRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        let token = try await tokens.current()
        do {
            return try await next(signed(request, with: token))
        } catch .unauthenticated {
            let fresh = try await tokens.refreshed(replacing: token)
            return try await next(signed(request, with: fresh))
        }
    }

    private func signed(_ request: HTTPRequest, with token: String) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer \(token)"
        return request
    }
}
