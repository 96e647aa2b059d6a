import Foundation
import Networking

/// Signs every request of a signed-in user with their Firebase ID token, as
/// the REST API takes it (`auth=<ID token>`), from an
/// ``/Networking/AccessTokenStore`` that fetches a fresh one (from Firebase
/// Authentication, with the refresh token) when needed.
///
/// ```swift
/// let tokens = AccessTokenStore { () async throws(NetworkError) in
///     try await authService.freshIDToken()
/// }
/// var configuration = FirebaseClient.Configuration(databaseURL: url)
/// configuration.interceptors.append(FirebaseIDTokenInterceptor(tokens: tokens))
/// ```
///
/// When the database refuses the token itself (expired, or not a token:
/// `401` with `Auth token is expired` or `Could not parse auth token.`), it
/// gets a new one, once for every request refused together, and sends the
/// request once more. `Permission denied` is the rules' answer, not the
/// token's: it is thrown as it is. The token is a query item named `auth`,
/// which every log, description and error redacts.
///
/// For tests against the Sandbox, `FirebaseEmulator.unsignedIDToken(uid:claims:)`
/// (in the `Sandbox` package) makes a token the emulator accepts for any uid.
public struct FirebaseIDTokenInterceptor: HTTPInterceptor {
    /// Where the token comes from.
    public let tokens: AccessTokenStore

    /// Creates an interceptor signing requests with `tokens`' token.
    public init(tokens: AccessTokenStore) {
        self.tokens = tokens
    }

    /// Sends the request with the current token; after a refused token,
    /// once more with a new one.
    public func intercept<Response: InterceptedResponse>(
        _ request: HTTPRequest,
        attempt: Int,
        next: @Sendable (HTTPRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        let token = try await tokens.current()
        do {
            return try await next(signed(request, with: token))
        } catch .unauthenticated(let failure) where Self.refusesToken(failure) {
            let fresh = try await tokens.refreshed(replacing: token)
            return try await next(signed(request, with: fresh))
        }
    }

    /// Whether a `401` is about the token rather than the rules.
    static func refusesToken(_ failure: HTTPFailure) -> Bool {
        guard let message = failure.message?.message.lowercased() else { return false }
        return message.contains("token")
    }

    private func signed(_ request: HTTPRequest, with token: String) -> HTTPRequest {
        var request = request
        guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else { return request }
        var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != "auth" }
        items.append(URLQueryItem(name: "auth", value: Self.queryEncoded(token)))
        components.percentEncodedQueryItems = items
        if let url = components.url { request.url = url }
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
