import Foundation
import Networking

extension AirtableClient {
    /// What an ``AirtableClient`` talks to: where the API is, which base and
    /// table, the token, how 429s are waited out, and when a list request
    /// goes as a `POST`.
    ///
    /// How requests travel (the transport, retries, timeout, observers and
    /// interceptors) is the client's ``AirtableClient/http``, set there as on
    /// every client of this SDK. Only the configuration and the transport
    /// differ between the real service and the Sandbox.
    public struct Configuration: Sendable {
        /// `https://api.airtable.com`.
        public static let defaultEndpointURL = URL(string: "https://api.airtable.com")!

        /// Airtable refuses URLs longer than this; longer list requests go
        /// to `POST …/listRecords` instead.
        public static let defaultMaximumURLLength = 16_000

        /// The base, such as `appIBfoNbzEaA72c2`.
        public var baseID: String
        /// The table's name or id.
        public var table: String
        /// The personal access token, sent as `Authorization: Bearer`.
        public var token: String
        /// Where the API lives; request paths (`v0/…`) are appended to it.
        public var endpointURL: URL
        /// How 429 answers are waited out and retried.
        public var rateLimit: AirtableRateLimitPolicy
        /// The longest URL a list request may have before it is sent as
        /// `POST …/listRecords` with its parameters in the body.
        public var maximumURLLength: Int

        /// Creates a configuration.
        public init(
            baseID: String,
            table: String,
            token: String,
            endpointURL: URL = Configuration.defaultEndpointURL,
            rateLimit: AirtableRateLimitPolicy = .default,
            maximumURLLength: Int = Configuration.defaultMaximumURLLength
        ) {
            self.baseID = baseID
            self.table = table
            self.token = token
            self.endpointURL = endpointURL
            self.rateLimit = rateLimit
            self.maximumURLLength = maximumURLLength
        }
    }
}

extension AirtableClient.Configuration: RedactedDescription {
    /// The base, table and endpoint; the token only as `REDACTED`.
    public var redactedFields: KeyValuePairs<String, Any> {
        [
            "baseID": baseID, "table": table, "endpointURL": endpointURL.absoluteString, "token": "REDACTED",
            "maximumURLLength": maximumURLLength,
        ]
    }
}
