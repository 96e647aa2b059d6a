import Foundation
import Networking

/// Firebase Authentication's REST API ("Firebase Auth REST API"): sign up
/// and sign in with email and password, anonymously or with a custom
/// token; exchange a refresh token for a new ID token; read and change the
/// account; password reset and email verification; delete the account.
///
/// ```swift
/// let auth = FirebaseAuthClient(apiKey: "AIza…")
/// let user = try await auth.signIn(email: "ada@example.com", password: password)
/// let firebase = FirebaseClient(databaseURL: url, credentials: .idToken(user.idToken))
/// ```
///
/// The web API key goes in the `key` query item, as Firebase requires; the
/// client's redactor keeps it, passwords and tokens out of every log,
/// description and error. Failures are ``/Networking/NetworkError``s;
/// Firebase's documented codes (`EMAIL_EXISTS`, `INVALID_PASSWORD`, …) are
/// read with ``Networking/NetworkError/firebaseAuthError``.
///
/// Against the Sandbox (or Firebase's own emulator), pass
/// ``Endpoints/emulator(_:)`` with its URL.
public struct FirebaseAuthClient: Sendable {
    /// Where the two services of Firebase Authentication are.
    public struct Endpoints: Sendable, Hashable {
        /// The Identity Toolkit API, ending in `/v1/`.
        public var identityToolkit: URL
        /// The token endpoint that exchanges refresh tokens.
        public var secureToken: URL

        /// Firebase's own: `https://identitytoolkit.googleapis.com/v1/` and
        /// `https://securetoken.googleapis.com/v1/token`.
        public static let production = Endpoints(
            identityToolkit: URL(string: "https://identitytoolkit.googleapis.com/v1/")!,
            secureToken: URL(string: "https://securetoken.googleapis.com/v1/token")!)

        /// An emulator at `url` (the Sandbox's, or Firebase's Auth
        /// emulator), which serves both under its own host:
        /// `<url>/identitytoolkit.googleapis.com/v1/…`.
        public static func emulator(_ url: URL) -> Endpoints {
            Endpoints(
                identityToolkit: url.appending(path: "identitytoolkit.googleapis.com/v1/"),
                secureToken: url.appending(path: "securetoken.googleapis.com/v1/token"))
        }

        /// Endpoints at these URLs.
        public init(identityToolkit: URL, secureToken: URL) {
            self.identityToolkit = identityToolkit
            self.secureToken = secureToken
        }
    }

    /// Where requests go.
    public let endpoints: Endpoints
    /// The HTTP client underneath, with the API key applied: the one place
    /// for how requests travel (transport, retries, timeout, observers,
    /// interceptors), as with every client of this SDK.
    public var http: NetworkClient
    private let apiKey: String

    /// Creates a client for a project's web API key.
    ///
    /// - Parameters:
    ///   - apiKey: The project's web API key (any non-empty text for an
    ///     emulator).
    ///   - endpoints: Firebase's own by default.
    ///   - transport: What carries requests; the shared
    ///     ``/Networking/URLSessionTransport`` by default.
    ///   - retryPolicy: When a failed request is sent again. Sign-in
    ///     requests are `POST`s and are not retried after they may have
    ///     arrived.
    public init(
        apiKey: String, endpoints: Endpoints = .production,
        transport: any HTTPTransport = URLSessionTransport.shared, retryPolicy: RetryPolicy = .default
    ) {
        self.apiKey = apiKey
        self.endpoints = endpoints
        var http = NetworkClient(baseURL: endpoints.identityToolkit, transport: transport, retryPolicy: retryPolicy)
        http.query.append(QueryItem(name: "key", value: apiKey))
        http.service = .firebaseAuth
        http.failureClassifier = FirebaseAuthErrorCode.classify
        self.http = http
    }

    /// `POST accounts:<method>` with a JSON body, decoding `Value`.
    func call<Value: Decodable & Sendable>(_ method: String, _ body: [String: JSON], as type: Value.Type)
        async throws(NetworkError) -> Value
    {
        try await http.send(NetworkRequest<Value>.post("accounts:" + method, body: JSON.object(body)))
    }

    /// The token endpoint's request: its own URL, with the key when the
    /// client's default query does not reach it (another host).
    func tokenRequest(refreshToken: String) -> NetworkRequest<FirebaseTokenResponse> {
        var request = NetworkRequest<FirebaseTokenResponse>.post("")
            .form([
                QueryItem(name: "grant_type", value: "refresh_token"),
                QueryItem(name: "refresh_token", value: refreshToken),
            ])
        request.absoluteURL = endpoints.secureToken
        if !http.sendsDefaults(to: endpoints.secureToken) {
            request = request.query("key", apiKey)
        }
        return request
    }
}

extension FirebaseAuthClient: RedactedDescription {
    /// The endpoints and the HTTP client; never the key.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["endpoints": endpoints.identityToolkit.absoluteString, "apiKey": Redactor().replacement, "http": http]
    }
}
