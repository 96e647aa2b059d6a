import Foundation
import Models
import Networking

/// Lesson 4's networking: a customer's profile and accounts from the Bankey
/// course server (`GET profile/{id}` and `GET profile/{id}/accounts`).
///
/// Every call has an `async` form, which throws the SDK's `NetworkError` as
/// every client does, and the lesson's completion form, which delivers a
/// `Result` on the main queue whose failure is the lesson's error: a
/// ``BankeyError`` whose ``BankeyError/kind`` is `serverError` or
/// `decodingError`, with the full `NetworkError` inside.
///
/// ```swift
/// let bankey = BankeyClient()
/// let summary = try await bankey.fetchSummary(forUserId: "1")
/// summary.profile.firstName          // "Kevin"
/// summary.accounts.first?.amount     // 929466.23, exactly
///
/// bankey.fetchProfile(forUserId: "1") { result in
///     switch result {
///     case .success(let profile): self.configureTableHeaderView(with: profile)
///     case .failure(let error): self.showErrorAlert(for: error.kind)
///     }
/// }
/// ```
///
/// The course server wrote its JSON with trailing commas; they decode on
/// every platform.
public struct BankeyClient: Sendable {
    /// The lesson's server, `https://fierce-retreat-36855.herokuapp.com/bankey/`.
    public static let lessonBaseURL = URL(string: "https://fierce-retreat-36855.herokuapp.com/bankey/")!

    /// What it talks to; fixed for the client's lifetime.
    public let configuration: Configuration
    /// The HTTP client underneath, for logging and timeouts:
    /// `bankey.http.observers.append(.printing)`.
    public var http: NetworkClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: The server; the lesson's by default.
    ///   - transport: Defaults to the shared `URLSessionTransport`.
    ///   - retryPolicy: How failed fetches are retried (they are GETs, so
    ///     lost connections and 5xx answers are retried by default).
    public init(
        configuration: Configuration = .lesson,
        transport: any HTTPTransport = URLSessionTransport.shared,
        retryPolicy: RetryPolicy = .default
    ) {
        self.configuration = configuration
        http = NetworkClient(
            baseURL: configuration.baseURL, transport: transport, decoder: .bankey, retryPolicy: retryPolicy)
        http.service = .bankey
    }

    /// Creates a client for the server at `baseURL` (for the Sandbox:
    /// `Sandbox.baseURL` + `bankey/`), with the other settings at their
    /// defaults.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionTransport.shared, retryPolicy: RetryPolicy = .default
    ) {
        self.init(configuration: Configuration(baseURL: baseURL), transport: transport, retryPolicy: retryPolicy)
    }

    /// The customer's profile (`GET profile/{userId}`).
    ///
    /// - Throws: The `NetworkError` of an unreachable server or an error
    ///   status (the lesson's `serverError`, see ``BankeyError``), or
    ///   `decodingFailed` when the body is not a profile (its
    ///   `decodingError`).
    public func fetchProfile(forUserId userId: String) async throws(NetworkError) -> Profile {
        let request = try userRequest(userId).decoding { response, decoder in
            try Profile.decode(from: response.body, using: decoder)
        }
        return try await http.send(request)
    }

    /// The customer's accounts (`GET profile/{userId}/accounts`), in the
    /// server's order, each amount an exact `Decimal`.
    ///
    /// - Throws: As ``fetchProfile(forUserId:)`` does. One malformed account
    ///   fails the whole list, since a list missing an account would
    ///   misstate what the customer has.
    public func fetchAccounts(forUserId userId: String) async throws(NetworkError) -> [Account] {
        let request = try userRequest(userId)
            .appendingPathComponent("accounts")
            .decoding { response, decoder in try Account.decodeList(from: response.body, using: decoder) }
        return try await http.send(request)
    }

    /// `profile/{userId}`, the id percent-encoded as one segment so it can
    /// never reach another path.
    private func userRequest(_ userId: String) throws(NetworkError) -> NetworkRequest<Data> {
        guard !userId.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidRequest("The Bankey user id is empty.")
        }
        return NetworkRequest<Data>.get("profile").appendingPathComponent(userId)
    }
}
