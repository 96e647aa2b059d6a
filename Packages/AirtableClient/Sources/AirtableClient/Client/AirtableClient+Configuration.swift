import Foundation
import Networking

extension AirtableClient {
    /// Everything an ``AirtableClient`` needs: where the API is, which base
    /// and table, the token, and how to retry.
    ///
    /// Only configuration differs between the real service and the Sandbox.
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
        /// What carries the requests.
        public var transport: any HTTPTransport
        /// How 429 answers are waited out and retried.
        public var rateLimit: AirtableRateLimitPolicy
        /// How other failures (lost connections, 5xx) are retried, and the
        /// clock every wait uses. Requests that are not idempotent, creates
        /// among them, are never retried for those; 429s are left to
        /// ``rateLimit``.
        public var retryPolicy: RetryPolicy
        /// The longest URL a list request may have before it is sent as
        /// `POST …/listRecords` with its parameters in the body.
        public var maximumURLLength: Int

        /// Creates a configuration.
        public init(
            baseID: String,
            table: String,
            token: String,
            endpointURL: URL = Configuration.defaultEndpointURL,
            transport: any HTTPTransport = URLSessionTransport.shared,
            rateLimit: AirtableRateLimitPolicy = .default,
            retryPolicy: RetryPolicy = .default,
            maximumURLLength: Int = Configuration.defaultMaximumURLLength
        ) {
            self.baseID = baseID
            self.table = table
            self.token = token
            self.endpointURL = endpointURL
            self.transport = transport
            self.rateLimit = rateLimit
            self.retryPolicy = retryPolicy
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
