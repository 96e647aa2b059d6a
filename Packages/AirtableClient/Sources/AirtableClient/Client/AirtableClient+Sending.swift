import Foundation
import Networking

extension AirtableClient {
    /// Sends a request, waiting out 429s as ``Configuration/rateLimit`` says.
    ///
    /// This loop, not the HTTP client's `RetryPolicy`, handles 429s because
    /// Airtable's wait (30 s when it names none) is not the general backoff
    /// used for lost connections and 5xx answers.
    func send<Value>(_ request: Request<Value>) async throws(NetworkError) -> Value {
        let policy = configuration.rateLimit
        var retry = 0
        while true {
            try await pace(policy)
            do {
                return try await http.send(request)
            } catch {
                guard case .rateLimited(let failure) = error, retry < policy.maxRetries,
                    let delay = policy.delay(beforeRetry: retry + 1, retryAfter: failure.retryAfter)
                else { throw error }
                retry += 1
                do {
                    try await policy.clock.sleep(delay)
                } catch {
                    throw .cancelled
                }
            }
        }
    }

    /// Waits for this request's slot when requests are paced.
    private func pace(_ policy: AirtableRateLimitPolicy) async throws(NetworkError) {
        guard let rate = policy.requestsPerSecond else { return }
        let delay = await pacer.reserve(now: policy.clock.now(), interval: 1 / rate)
        guard delay > 0 else { return }
        do {
            try await policy.clock.sleep(Duration.seconds(clamping: delay) ?? .zero)
        } catch {
            throw .cancelled
        }
    }

    /// A request to the table (`v0/{baseId}/{table}`) or one of its records
    /// (`…/{recordId}`), each segment percent-encoded on its own so a `/` in
    /// a table name stays part of the name.
    func tableRequest<Value: Decodable>(
        _ method: HTTPMethod,
        record recordID: String? = nil,
        as type: Value.Type = Value.self
    ) throws(NetworkError) -> Request<Value> {
        try checkIdentifier(configuration.baseID, "base id")
        try checkIdentifier(configuration.table, "table name or id")
        var request = Request<Value>(method: method, path: "v0")
            .appendingPathComponent(configuration.baseID)
            .appendingPathComponent(configuration.table)
        if let recordID {
            try checkIdentifier(recordID, "record id")
            request = request.appendingPathComponent(recordID)
        }
        return request
    }

    /// An empty id would silently address the table instead of a record (a
    /// GET would list, a DELETE would delete a batch), so it never leaves.
    private func checkIdentifier(_ value: String, _ what: String) throws(NetworkError) {
        guard value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        throw .invalidURL("The Airtable \(what) is empty.")
    }
}
