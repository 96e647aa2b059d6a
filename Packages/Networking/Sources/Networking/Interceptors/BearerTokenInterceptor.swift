import Foundation

/// Signs every request with `Authorization: Bearer <token>` from an
/// ``AccessTokenStore``, and when the server refuses the token (a `401`),
/// gets a new one and sends the request once more.
///
/// ```swift
/// let tokens = AccessTokenStore { () async throws(NetworkError) in
///     try await authServer.send(NetworkRequest<TokenResponse>.post("oauth/token").jsonBody(refreshGrant)).accessToken
/// }
/// client.interceptors.append(BearerTokenInterceptor(tokens: tokens))
/// ```
///
/// Concurrent requests refused together share one refresh: the store runs
/// it once and the others wait for its token, then each request is sent
/// again, once. A second `401` with the new token is the caller's error, so
/// a token the server will never accept cannot loop. The token travels in
/// the header (or, for an API that takes it only there, a query item such
/// as Firebase's `auth`), which every log and description redacts.
public struct BearerTokenInterceptor: HTTPInterceptor {
    /// Where a request carries the token.
    public enum Placement: Sendable, Hashable {
        /// `Authorization: Bearer <token>`.
        case authorizationHeader
        /// A query item of this name, replacing any already there.
        case queryItem(String)
    }

    /// Where the token comes from.
    public let tokens: AccessTokenStore
    /// Where requests carry it.
    public let placement: Placement
    /// Whether a `401` refuses the token itself (so a new one may help),
    /// rather than the request.
    public let refusesToken: @Sendable (HTTPFailure) -> Bool

    /// Creates an interceptor signing requests with `tokens`' token in the
    /// `Authorization` header, refreshing it after any `401`.
    public init(tokens: AccessTokenStore) {
        self.init(tokens: tokens, placement: .authorizationHeader, refreshingWhen: { _ in true })
    }

    /// Creates an interceptor signing requests with `tokens`' token where
    /// `placement` says, refreshing it after a `401` for which
    /// `refusesToken` is true.
    public init(
        tokens: AccessTokenStore, placement: Placement,
        refreshingWhen refusesToken: @escaping @Sendable (HTTPFailure) -> Bool
    ) {
        self.tokens = tokens
        self.placement = placement
        self.refusesToken = refusesToken
    }

    /// Sends the request with the current token; after a `401`, once more
    /// with a new one.
    public func intercept<Response: InterceptedResponse>(
        _ request: TransportRequest,
        attempt: Int,
        next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        let token = try await tokens.current()
        do {
            return try await next(signed(request, with: token))
        } catch .unauthenticated(let failure) where refusesToken(failure) {
            let fresh = try await tokens.refreshed(replacing: token)
            return try await next(signed(request, with: fresh))
        }
    }

    private func signed(_ request: TransportRequest, with token: String) -> TransportRequest {
        var request = request
        switch placement {
        case .authorizationHeader:
            request.headers["Authorization"] = "Bearer \(token)"
        case .queryItem(let name):
            guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else { break }
            var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != name }
            items.append(URLQueryItem(name: name, value: Self.queryEncoded(token)))
            components.percentEncodedQueryItems = items
            if let url = components.url { request.url = url }
        }
        return request
    }

    /// The token as a query value: JWTs are URL-safe already; anything else
    /// is percent-encoded so that it cannot end the item early.
    private static func queryEncoded(_ token: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        return token.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
