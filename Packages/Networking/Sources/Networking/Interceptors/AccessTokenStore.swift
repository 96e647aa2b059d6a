/// Holds an OAuth-style access token and refreshes it, once for everyone
/// who finds it refused at the same time.
///
/// ``BearerTokenInterceptor`` asks it for the token of each request and,
/// when the server refuses that token, for a new one. However many requests
/// fail together, the refresh runs once; the others wait for it and get its
/// token. A refresh that fails fails every waiting request with its error,
/// and the next request tries again.
///
/// It describes itself without the token.
public actor AccessTokenStore: RedactedDescription {
    /// Fetches a new token, for instance with the refresh token, from the
    /// authorization server.
    public typealias Refresh = @Sendable () async throws(NetworkError) -> String

    private var token: String?
    private var refreshing: Task<Result<String, NetworkError>, Never>?
    private let refresh: Refresh
    /// How many refreshes have run, for metrics and tests.
    public private(set) var refreshCount = 0

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - token: The token to start with; `nil` refreshes before the first
    ///     request.
    ///   - refresh: Fetches a new token.
    public init(token: String? = nil, refresh: @escaping Refresh) {
        self.token = token
        self.refresh = refresh
    }

    /// The token to send: the current one, or the one being fetched.
    public func current() async throws(NetworkError) -> String {
        if let refreshing {
            return try await refreshing.value.get()
        }
        if let token {
            return token
        }
        return try await refreshed(replacing: nil)
    }

    /// A token to use instead of `rejected`: the one another caller already
    /// fetched, the one being fetched now, or a new one.
    public func refreshed(replacing rejected: String?) async throws(NetworkError) -> String {
        if let refreshing {
            return try await refreshing.value.get()
        }
        if let token, token != rejected {
            return token
        }
        let refresh = self.refresh
        let task = Task { await Result.capturing(refresh) }
        refreshing = task
        refreshCount += 1
        let result = await task.value
        refreshing = nil
        token = try? result.get()
        return try result.get()
    }

    /// The description's fields: whether a token is held, never the token.
    public nonisolated var redactedFields: KeyValuePairs<String, Any> {
        ["token": Redactor().replacement]
    }
}
