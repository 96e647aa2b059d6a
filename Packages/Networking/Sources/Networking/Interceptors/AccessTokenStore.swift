import Foundation

/// Holds an OAuth-style access token and refreshes it, once for everyone
/// who finds it refused at the same time.
///
/// ``BearerTokenInterceptor`` asks it for the token of each request and,
/// when the server refuses that token, for a new one. However many requests
/// fail together, the refresh runs once; the others wait for it and get its
/// token. A refresh that fails fails every waiting request with its error,
/// and the next request tries again.
///
/// A token that says when it expires is also refreshed shortly before
/// then (``refreshMargin``), so requests do not fail first.
///
/// It describes itself without the token.
public actor AccessTokenStore: RedactedDescription {
    /// Fetches a new token, for instance with the refresh token, from the
    /// authorization server.
    public typealias Refresh = @Sendable () async throws(NetworkError) -> String
    /// Fetches a new token and when it expires (`nil` for never).
    public typealias ExpiringRefresh = @Sendable () async throws(NetworkError) -> (token: String, expiry: Date?)

    private var token: String?
    private var expiry: Date?
    private var refreshing: Task<Result<String, NetworkError>, Never>?
    private let refresh: ExpiringRefresh
    private let now: @Sendable () -> Date
    /// How long before its expiry a token is replaced.
    public let refreshMargin: Duration
    /// How many refreshes have run, for metrics and tests.
    public private(set) var refreshCount = 0

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - token: The token to start with; `nil` refreshes before the first
    ///     request.
    ///   - refresh: Fetches a new token.
    public init(token: String? = nil, refresh: @escaping Refresh) {
        self.init(token: token, expiry: nil) { () async throws(NetworkError) in (try await refresh(), nil) }
    }

    /// Creates a store of tokens that expire.
    ///
    /// - Parameters:
    ///   - token: The token to start with; `nil` refreshes before the first
    ///     request.
    ///   - expiry: When `token` expires; `nil` for never.
    ///   - refreshMargin: How long before its expiry a token is replaced:
    ///     five minutes unless set, as Firebase's SDKs do.
    ///   - now: The time, for tests; the system clock by default.
    ///   - refresh: Fetches a new token and its expiry.
    public init(
        token: String?, expiry: Date?, refreshMargin: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() }, refresh: @escaping ExpiringRefresh
    ) {
        self.token = token
        self.expiry = expiry
        self.refreshMargin = refreshMargin
        self.now = now
        self.refresh = refresh
    }

    /// The token to send: the current one unless it is about to expire, or
    /// the one being fetched.
    public func current() async throws(NetworkError) -> String {
        if let refreshing {
            return try await refreshing.value.get()
        }
        if let token, !isExpiring {
            return token
        }
        return try await refreshed(replacing: token)
    }

    /// Replaces the token, for instance after a sign-in; `nil` forgets it
    /// (a sign-out), so the next request refreshes.
    public func replace(token: String?, expiry: Date?) {
        self.token = token
        self.expiry = expiry
    }

    /// Whether the token expires within the margin.
    private var isExpiring: Bool {
        guard let expiry else { return false }
        return expiry.timeIntervalSince(now()) <= Double(refreshMargin.components.seconds)
    }

    /// A token to use instead of `rejected`: the one another caller already
    /// fetched, the one being fetched now, or a new one.
    public func refreshed(replacing rejected: String?) async throws(NetworkError) -> String {
        if let refreshing {
            return try await refreshing.value.get()
        }
        if let token, token != rejected, !isExpiring {
            return token
        }
        let refresh = self.refresh
        let task = Task {
            await Result.capturing { () async throws(NetworkError) in
                let fresh = try await refresh()
                self.replace(token: fresh.token, expiry: fresh.expiry)
                return fresh.token
            }
        }
        refreshing = task
        refreshCount += 1
        let result = await task.value
        refreshing = nil
        if case .failure = result { token = nil }
        return try result.get()
    }

    /// The description's fields: whether a token is held, never the token.
    public nonisolated var redactedFields: KeyValuePairs<String, Any> {
        ["token": Redactor().replacement]
    }
}
