import Foundation
import Networking

extension FirebaseClient {
    /// Where the database is, who is asking, and how requests travel.
    ///
    /// Only configuration differs between the real service and the Sandbox:
    ///
    /// ```swift
    /// // The real database of lesson 2:
    /// let live = FirebaseClient.Configuration(databaseURL: URL(string: "https://devmtn-post.firebaseio.com")!)
    /// // The Sandbox (in process, or a running `sandbox` server's URL):
    /// let local = FirebaseClient.Configuration(
    ///     databaseURL: Sandbox.baseURL, namespace: "devmtn-post", transport: SandboxTransport(sandbox))
    /// ```
    public struct Configuration: Sendable {
        /// The database's URL: `https://<db>.firebaseio.com`,
        /// `https://<db>.<region>.firebasedatabase.app`, or an emulator's
        /// base URL. Paths are appended to it.
        public var databaseURL: URL
        /// The database name an emulator should use, sent as `ns=<name>`
        /// with every request; `nil` for the real service, which reads the
        /// database from the host name.
        public var namespace: String?
        /// Who is asking; `nil` for a database with public rules.
        public var credentials: FirebaseCredentials?
        /// What carries requests; ``/Networking/URLSessionTransport`` by default.
        public var transport: any HTTPTransport
        /// When a failed request is sent again. Only requests that are safe
        /// to repeat are retried: a `POST` (a push) never is.
        public var retryPolicy: RetryPolicy
        /// How long one request may take; `nil` leaves it to the transport.
        public var timeout: Duration?
        /// How streams detect a silent connection and reconnect.
        public var streaming: FirebaseStreamPolicy
        /// Decodes typed values.
        public var decoder: JSONDecoder
        /// Encodes typed values; sorted keys by default, so bodies are
        /// the same bytes on every run.
        public var encoder: JSONEncoder

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - databaseURL: The database's URL, or an emulator's base URL.
        ///   - namespace: The `ns` an emulator needs; `nil` for the real service.
        ///   - credentials: `nil` for a database with public rules.
        ///   - transport: Defaults to the shared ``/Networking/URLSessionTransport``.
        ///   - retryPolicy: Defaults to three attempts within a minute.
        ///   - streaming: Defaults to a 75-second silence limit and backoff
        ///     from half a second to 30 seconds.
        public init(
            databaseURL: URL,
            namespace: String? = nil,
            credentials: FirebaseCredentials? = nil,
            transport: any HTTPTransport = URLSessionTransport.shared,
            retryPolicy: RetryPolicy = .default,
            streaming: FirebaseStreamPolicy = FirebaseStreamPolicy()
        ) {
            self.databaseURL = databaseURL
            self.namespace = namespace
            self.credentials = credentials
            self.transport = transport
            self.retryPolicy = retryPolicy
            self.timeout = nil
            self.streaming = streaming
            self.decoder = JSONDecoder()
            self.encoder = HTTPClient.makeEncoder()
        }
    }
}

extension FirebaseClient.Configuration: RedactedDescription {
    /// The database, namespace and kind of credential; never a token.
    public var redactedFields: KeyValuePairs<String, Any> {
        [
            "databaseURL": Redactor().redact(databaseURL), "namespace": namespace as Any,
            "credentials": credentials as Any, "transport": type(of: transport), "timeout": timeout as Any,
        ]
    }
}
