import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an app writes without the SDK: `URLSession.data(for:)`, a status
/// check, `JSONDecoder`. The baseline of benchmarks 1 and 2.
struct RawURLSessionClient: Sendable {
    /// One session for the process, configured as `URLSessionTransport`'s
    /// (ephemeral, no cache), so the two differ only in the SDK's code. It
    /// is never torn down: FoundationNetworking can crash when a session is
    /// invalidated while others are busy.
    static let shared = RawURLSessionClient(
        session: URLSession(configuration: URLSessionTransport.defaultConfiguration))

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
