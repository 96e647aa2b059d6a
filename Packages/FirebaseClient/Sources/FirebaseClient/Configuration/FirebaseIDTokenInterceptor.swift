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
/// var firebase = FirebaseClient(databaseURL: url)
/// firebase.http.interceptors.append(FirebaseIDTokenInterceptor(tokens: tokens))
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
    public var tokens: AccessTokenStore { signer.tokens }
    /// The shared mechanism, set up for Firebase: the `auth` query item,
    /// refreshed only when the refusal names the token.
    private let signer: BearerTokenInterceptor

    /// Creates an interceptor signing requests with `tokens`' token.
    public init(tokens: AccessTokenStore) {
        signer = BearerTokenInterceptor(
            tokens: tokens, placement: .queryItem("auth"), refreshingWhen: Self.refusesToken)
    }

    /// Sends the request with the current token; after a refused token,
    /// once more with a new one.
    public func intercept<Response: InterceptedResponse>(
        _ request: TransportRequest,
        attempt: Int,
        next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        try await signer.intercept(request, attempt: attempt, next: next)
    }

    /// Whether a `401` is about the token rather than the rules.
    @Sendable static func refusesToken(_ failure: HTTPFailure) -> Bool {
        failure.message?.message.lowercased().contains("token") ?? false
    }
}
