import Foundation
import Models
import Networking

/// A client for one table of the Airtable Web API
/// (`https://api.airtable.com/v0/{baseId}/{tableIdOrName}`).
///
/// It lists records a page at a time, as an `AsyncSequence` of pages or all
/// at once; gets, creates, updates, replaces, upserts and deletes them, one or
/// many (many are split into requests of at most 10 records, Airtable's
/// limit); retries a 429 after the wait Airtable asks for; and reports
/// Airtable's error bodies as an ``AirtableError`` readable from the thrown
/// `NetworkError`.
///
/// ```swift
/// let airtable = AirtableClient(baseID: "appIBfoNbzEaA72c2", table: "Design projects", token: token)
/// let projects = try await airtable.records(as: Project.self)
/// let created = try await airtable.create(Project(name: "Test", dueDate: CalendarDate("2024-01-31")))
/// ```
///
/// Records are generic over their `fields`: any `Codable` type such as
/// ``/Models/Project``, or `[String: JSON]` for raw fields. The personal
/// access token travels only in the `Authorization: Bearer` header, never in
/// a URL, and is redacted from logs and descriptions.
///
/// Pointing the same code at the Sandbox takes configuration alone:
///
/// ```swift
/// let sandboxed = AirtableClient(
///     baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: token,
///     endpointURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
/// ```
public struct AirtableClient: Sendable {
    /// What it talks to; fixed for the client's lifetime.
    public private(set) var configuration: Configuration
    /// The HTTP client underneath, for observers, timeouts and interceptors,
    /// as with every client of this SDK: `client.http.observers.append(.printing)`,
    /// `client.http.interceptors.append(…)`. Its credentials carry the
    /// token, and its built-in interceptor (outside yours, never
    /// replaced by assigning `interceptors`) applies ``Configuration/rateLimit``.
    public var http: NetworkClient

    /// Creates a client from a full configuration.
    ///
    /// - Parameters:
    ///   - configuration: The base, table, token and endpoint.
    ///   - transport: What carries requests; the shared `URLSessionTransport`
    ///     by default.
    ///   - retryPolicy: How other failures (lost connections, 5xx) are
    ///     retried, and the clock every wait (the rate limit's too) uses.
    ///     Requests that are not idempotent, creates among them, are never
    ///     retried for those; 429s are left to
    ///     ``Configuration/rateLimit``.
    public init(
        configuration: Configuration, transport: any HTTPTransport = URLSessionTransport.shared,
        retryPolicy: RetryPolicy = .default
    ) {
        self.configuration = configuration
        var http = NetworkClient(
            baseURL: configuration.endpointURL,
            credentials: ["Authorization": "Bearer \(configuration.token)"],
            transport: transport,
            decoder: .airtable,
            encoder: .airtable,
            retryPolicy: retryPolicy
        )
        http.service = .airtable
        http.messageParser = AirtableErrorBody.message
        // 429s are the rate limiter's to decide: it comes before the retry
        // policy, so they are never retried with the general backoff, and
        // it is built in, so no list a caller assigns can drop it.
        http.builtInInterceptors = [
            AirtableRateLimiter(policy: configuration.rateLimit, pacer: RequestPacer(), clock: retryPolicy.clock)
        ]
        self.http = http
    }

    /// Creates a client for one table.
    ///
    /// - Parameters:
    ///   - baseID: The base, such as `appIBfoNbzEaA72c2`.
    ///   - table: The table's name (`Design projects`) or id (`tbl…`).
    ///   - token: A personal access token (`pat…`).
    ///   - endpointURL: Defaults to `https://api.airtable.com`.
    ///   - transport: Defaults to the shared `URLSessionTransport`.
    ///   - rateLimit: How 429s are waited out and retried.
    public init(
        baseID: String,
        table: String,
        token: String,
        endpointURL: URL = Configuration.defaultEndpointURL,
        transport: any HTTPTransport = URLSessionTransport.shared,
        rateLimit: AirtableRateLimitPolicy = .default
    ) {
        self.init(
            configuration: Configuration(
                baseID: baseID, table: table, token: token, endpointURL: endpointURL, rateLimit: rateLimit),
            transport: transport)
    }

    /// A client for another table of the same base, sharing everything else.
    ///
    /// ```swift
    /// let clients = airtable.table("Clients")
    /// ```
    public func table(_ tableIDOrName: String) -> AirtableClient {
        var copy = self
        // The same HTTP client: its rate limiter's pacer is per base.
        copy.configuration.table = tableIDOrName
        return copy
    }
}

extension AirtableClient: RedactedDescription {
    /// The configuration (base, table, endpoint) and the HTTP client, both
    /// redacted; never the token.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["configuration": configuration, "http": http]
    }
}
