import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an app writes without the SDK: `URLSession.data(for:)`, a status
/// check, `JSONDecoder`. The baseline of benchmarks 1, 2 and 12.
struct RawURLSessionClient: Sendable {
    /// `URLSession.shared`, as an app writes it, and as the check that found
    /// issue 68 measured it. (Until issue 68 this was a session configured as
    /// `URLSessionTransport`'s, ephemeral without a cache; the two differ by
    /// less than the rounds' spread on loopback.)
    static let shared = RawURLSessionClient(session: URLSession.shared)

    let session: URLSession
    let decoder = JSONDecoder()

    /// GETs `url` and decodes the body.
    func get<Value: Decodable>(_ url: URL, as type: Value.Type) async throws -> Value {
        try decoder.decode(Value.self, from: try await fetch(url))
    }

    /// GETs `url` and returns the body of its `200`.
    @discardableResult
    func fetch(_ url: URL) async throws -> Data {
        let (data, response) = try await session.data(for: URLRequest(url: url))
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw BenchmarkFailure("unexpected response \(response) for \(url)")
        }
        return data
    }
}
