import Foundation
import Networking

/// The Firebase Realtime Database REST API: read, write, query and stream
/// JSON at any path of a database.
///
/// Every path is relative to the database root and gets Firebase's `.json`
/// suffix on the wire; the same code runs against the real service and the
/// Sandbox, with only the ``Configuration`` and the transport changed:
///
/// ```swift
/// let firebase = FirebaseClient(configuration: .init(databaseURL: URL(string: "https://devmtn-post.firebaseio.com")!))
/// let page = try await firebase.query("posts", .orderByChild("timestamp").limitToLast(15), as: Post.Body.self)
/// try await firebase.put(post.body, at: "posts/\(post.identifier.uuidString)")
/// let key = try await firebase.post(message, to: "\(threadID)/messages")
/// for try await value in firebase.values(at: "posts") { … }
/// ```
///
/// Errors are ``/Networking/NetworkError``s. Firebase's `{"error" : "…"}` bodies become
/// the failure's ``/Networking/HTTPFailure/message``; `Permission denied` is
/// ``/Networking/NetworkError/forbidden(_:)`` for a request with credentials
/// (the rules refuse this user) and ``/Networking/NetworkError/unauthenticated(_:)``
/// for one without (signing in may help), whatever the status; a failed
/// conditional write is ``/Networking/NetworkError/conflict(_:)``, read with
/// ``Networking/NetworkError/firebaseConflict``.
///
/// A client is a `Sendable` value: copy it freely, share it between tasks.
public struct FirebaseClient: Sendable {
    /// Where the database is and who is asking.
    public let configuration: Configuration
    /// The HTTP client underneath, with the database URL, namespace and
    /// credentials applied, and the one place for how requests travel:
    /// its transport, retry policy, timeout, decoder, observers and
    /// interceptors (`firebase.http.timeout = .seconds(10)`), as with every
    /// client of this SDK. Send a request this type does not cover with it.
    public var http: NetworkClient
    /// Makes the push ids of ``makePushID()``.
    public let pushIDs: FirebasePushIDGenerator

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: Where the database is and who is asking.
    ///   - transport: What carries requests; the shared
    ///     ``/Networking/URLSessionTransport`` by default.
    ///   - retryPolicy: When a failed request is sent again; three attempts
    ///     within a minute by default. Only requests that are safe to repeat
    ///     are retried: a `POST` (a push) never is.
    ///   - pushIDs: Defaults to the process-wide generator, so ids made by
    ///     every client of the process sort in the order they were made.
    public init(
        configuration: Configuration,
        transport: any HTTPTransport = URLSessionTransport.shared,
        retryPolicy: RetryPolicy = .default,
        pushIDs: FirebasePushIDGenerator = .shared
    ) {
        self.configuration = configuration
        self.pushIDs = pushIDs
        // What the configuration says goes into the base URL (`ns`, `auth`)
        // and the credentials, which are fixed, so the two cannot drift.
        var query: [QueryItem] = []
        var credentials: HeaderFields = [:]
        if let namespace = configuration.namespace {
            query.append(QueryItem(name: "ns", value: namespace))
        }
        switch configuration.credentials {
        case .idToken(let token), .databaseSecret(let token):
            query.append(QueryItem(name: "auth", value: token))
        case .accessToken(let token):
            credentials["Authorization"] = "Bearer \(token)"
        case nil:
            break
        }
        var http = NetworkClient(
            baseURL: configuration.databaseURL.appendingQuery(query),
            credentials: credentials, transport: transport, retryPolicy: retryPolicy)
        http.service = .firebaseDatabase
        http.failureClassifier = FirebaseFailure.classify
        self.http = http
    }

    /// Creates a client for a database URL, with the other settings at
    /// their defaults.
    public init(
        databaseURL: URL,
        namespace: String? = nil,
        credentials: FirebaseCredentials? = nil,
        transport: any HTTPTransport = URLSessionTransport.shared
    ) {
        self.init(
            configuration: Configuration(databaseURL: databaseURL, namespace: namespace, credentials: credentials),
            transport: transport)
    }

    /// A new push id: 20 characters that sort in the order they were made,
    /// the key `POST` would have chosen. PUT under it to make a write that
    /// is safe to retry.
    ///
    /// ```swift
    /// let key = firebase.makePushID()  // "-NqQ4h2bW9y1Zx8aQ3tV"
    /// try await firebase.put(message, at: "\(threadID)/messages/\(key)")
    /// ```
    public func makePushID() -> String {
        pushIDs.next()
    }

    /// A request for `path` (segments separated by `/`, relative to the
    /// root) with the `.json` suffix Firebase needs, decoding `Value`.
    func request<Value: Decodable>(_ method: HTTPMethod, _ path: String, as type: Value.Type) -> NetworkRequest<Value> {
        NetworkRequest<Value>(method: method, path: path).pathExtension("json")
    }

    /// A request for `path` whose response body is not read.
    func request(_ method: HTTPMethod, _ path: String) -> NetworkRequest<Void> {
        NetworkRequest<Void>(method: method, path: path).pathExtension("json")
    }
}

extension FirebaseClient: RedactedDescription {
    /// The configuration and the HTTP client, redacted; never a token.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["configuration": configuration, "http": http]
    }
}
