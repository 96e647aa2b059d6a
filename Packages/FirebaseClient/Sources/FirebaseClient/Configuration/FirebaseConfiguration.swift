import Foundation
import Networking

extension FirebaseClient {
    /// Where the database is and who is asking: what differs between the
    /// real service and the Sandbox.
    ///
    /// How requests travel (the transport, retries, timeout, decoder,
    /// observers and interceptors) is the client's ``FirebaseClient/http``,
    /// set there as on every client of this SDK:
    ///
    /// ```swift
    /// // The real database of lesson 2:
    /// let live = FirebaseClient(
    ///     configuration: .init(databaseURL: URL(string: "https://devmtn-post.firebaseio.com")!))
    /// // The Sandbox (in process, or a running `sandbox` server's URL):
    /// var local = FirebaseClient(
    ///     configuration: .init(databaseURL: Sandbox.baseURL, namespace: "devmtn-post"),
    ///     transport: SandboxTransport(sandbox))
    /// local.http.timeout = .seconds(10)
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
        /// How streams detect a silent connection and reconnect.
        public var streaming: FirebaseStreamPolicy

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - databaseURL: The database's URL, or an emulator's base URL.
        ///   - namespace: The `ns` an emulator needs; `nil` for the real service.
        ///   - credentials: `nil` for a database with public rules.
        ///   - streaming: Defaults to a 75-second silence limit and backoff
        ///     from half a second to 30 seconds.
        public init(
            databaseURL: URL,
            namespace: String? = nil,
            credentials: FirebaseCredentials? = nil,
            streaming: FirebaseStreamPolicy = FirebaseStreamPolicy()
        ) {
            self.databaseURL = databaseURL
            self.namespace = namespace
            self.credentials = credentials
            self.streaming = streaming
        }
    }
}

extension FirebaseClient.Configuration: RedactedDescription {
    /// The database, namespace and kind of credential; never a token.
    public var redactedFields: KeyValuePairs<String, Any> {
        [
            "databaseURL": Redactor().redact(databaseURL), "namespace": namespace as Any,
            "credentials": credentials as Any,
        ]
    }
}
