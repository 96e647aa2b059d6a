import Foundation
import Networking

extension FirebaseAuthClient {
    /// What a ``FirebaseAuthClient`` talks to: the project's web API key and
    /// where the two services of Firebase Authentication are. How requests
    /// travel (the transport, retries, timeout, observers) is the client's
    /// ``FirebaseAuthClient/http``, set there as on every client of this SDK.
    ///
    /// It describes itself with the key redacted.
    public struct Configuration: Sendable, Hashable {
        /// The project's web API key (any non-empty text for an emulator),
        /// sent as the `key` query item Firebase requires.
        public var apiKey: String
        /// Firebase's own endpoints, or an emulator's
        /// (``Endpoints/emulator(_:)``).
        public var endpoints: Endpoints

        /// Creates a configuration.
        public init(apiKey: String, endpoints: Endpoints = .production) {
            self.apiKey = apiKey
            self.endpoints = endpoints
        }
    }
}

extension FirebaseAuthClient.Configuration: RedactedDescription {
    /// The endpoints; never the key.
    public var redactedFields: KeyValuePairs<String, Any> {
        [
            "apiKey": Redactor().replacement, "identityToolkit": endpoints.identityToolkit.absoluteString,
            "secureToken": endpoints.secureToken.absoluteString,
        ]
    }
}
