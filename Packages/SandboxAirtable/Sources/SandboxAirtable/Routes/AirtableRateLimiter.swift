import Foundation
import SandboxCore

/// Airtable's limit of 5 requests per second per base: a sliding window of
/// the requests admitted in the last second. A refused request does not
/// count, so a client that waits a second gets through again (the real
/// service may hold it off for 30 seconds; the sandbox does not).
actor AirtableRateLimiter {
    private let limit: Int
    private let window: Duration
    private let clock = ContinuousClock()
    private var admitted: [String: [ContinuousClock.Instant]] = [:]
    /// Whether the limit applies; the console and the admin route switch it.
    private(set) var isEnabled: Bool

    init(limit: Int = 5, window: Duration = .seconds(1), isEnabled: Bool = true) {
        self.limit = limit
        self.window = window
        self.isEnabled = isEnabled
    }

    /// Turns the limit on or off; turning it on starts with a clean window.
    func setEnabled(_ enabled: Bool) {
        isEnabled = enabled
        admitted.removeAll()
    }

    /// Whether one more request to `base` may run now; if so it is counted.
    func admit(base: String) -> Bool {
        guard isEnabled else { return true }
        let now = clock.now
        var recent = admitted[base, default: []].filter { now - $0 < window }
        guard recent.count < limit else {
            admitted[base] = recent
            return false
        }
        recent.append(now)
        admitted[base] = recent
        return true
    }
}

/// Who may call: `Authorization: Bearer <token>` with a configured token, or
/// (only with the legacy switch) `?api_key=<token>` as the lessons did
/// before Airtable retired API keys on 2024-02-01.
struct AirtableAuthenticator: Sendable {
    let tokens: Set<String>
    let acceptsLegacyAPIKey: Bool

    func isAuthorized(_ request: SandboxRequest) -> Bool {
        if let header = request.headers["Authorization"] {
            let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            if parts.count == 2, parts[0].lowercased() == "bearer",
                tokens.contains(parts[1].trimmingCharacters(in: .whitespaces))
            {
                return true
            }
        }
        if acceptsLegacyAPIKey, let key = request.query("api_key"), tokens.contains(key) {
            return true
        }
        return false
    }
}
