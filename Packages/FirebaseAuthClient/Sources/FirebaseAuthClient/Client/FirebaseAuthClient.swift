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

    /// The API key and where requests go; fixed for the client's lifetime.
    public let configuration: Configuration
    /// The HTTP client underneath, with the API key applied: the one place
    /// for how requests travel (transport, retries, timeout, observers,
    /// interceptors), as with every client of this SDK.
    public var http: NetworkClient

    /// Where requests go: the configuration's endpoints.
    @available(*, deprecated, message: "Use configuration.endpoints")
    public var endpoints: Endpoints { configuration.endpoints }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: The project's web API key and the endpoints.
    ///   - transport: What carries requests; the shared
    ///     ``/Networking/URLSessionTransport`` by default.
    ///   - retryPolicy: When a failed request is sent again. Sign-in
    ///     requests are `POST`s and are not retried after they may have
    ///     arrived.
    public init(
        configuration: Configuration, transport: any HTTPTransport = URLSessionTransport.shared,
        retryPolicy: RetryPolicy = .default
    ) {
        self.configuration = configuration
        var http = NetworkClient(
            baseURL: configuration.endpoints.identityToolkit.appendingQuery([
                QueryItem(name: "key", value: configuration.apiKey)
            ]),
            transport: transport, retryPolicy: retryPolicy)
        http.service = .firebaseAuth
        http.messageParser = FirebaseAuthErrorCode.message
        http.failureClassifier = FirebaseAuthErrorCode.classify
        self.http = http
    }

    /// Creates a client for a project's web API key, with the other
    /// settings at their defaults: Firebase's own endpoints unless
    /// `endpoints` says otherwise.
    public init(
        apiKey: String, endpoints: Endpoints = .production,
        transport: any HTTPTransport = URLSessionTransport.shared, retryPolicy: RetryPolicy = .default
    ) {
        self.init(
            configuration: Configuration(apiKey: apiKey, endpoints: endpoints), transport: transport,
            retryPolicy: retryPolicy)
    }

    /// `POST accounts:<method>` with a JSON body, decoding `Value`.
    func call<Value: Decodable & Sendable>(_ method: String, _ body: [String: JSON], as type: Value.Type)
        async throws(NetworkError) -> Value
    {
        try await http.send(NetworkRequest<Value>.post("accounts:" + method, body: JSON.object(body)))
    }

    /// The token endpoint's request: its own URL, with the key, which the
    /// base URL's query does not carry to an absolute URL.
    func tokenRequest(refreshToken: String) -> NetworkRequest<FirebaseTokenResponse> {
        var request = NetworkRequest<FirebaseTokenResponse>.post("")
            .form([
                QueryItem(name: "grant_type", value: "refresh_token"),
                QueryItem(name: "refresh_token", value: refreshToken),
            ])
        request.absoluteURL = configuration.endpoints.secureToken
        return request.query("key", configuration.apiKey)
    }
}

extension FirebaseAuthClient: RedactedDescription {
    /// The configuration and the HTTP client; never the key.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["configuration": configuration, "http": http]
    }
}
