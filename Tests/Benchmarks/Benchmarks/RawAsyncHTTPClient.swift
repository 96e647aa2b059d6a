import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

/// What an app on SwiftNIO writes without the SDK: AsyncHTTPClient's
/// `execute`, collect the body, `JSONDecoder`. The baseline of the
/// AsyncHTTPClient pair of benchmark 2.
struct RawAsyncHTTPClient: Sendable {
    /// The shared AsyncHTTPClient, as `AsyncHTTPClientTransport` uses.
    let client = HTTPClient.shared
    let decoder = JSONDecoder()

    /// GETs `url` and decodes the body.
    func get<Value: Decodable>(_ url: String, as type: Value.Type) async throws -> Value {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status.code == 200 else {
            throw BenchmarkFailure("unexpected status \(response.status.code) for \(url)")
        }
        return try decoder.decode(Value.self, from: body)
    }
}
