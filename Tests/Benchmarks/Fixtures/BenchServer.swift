import Foundation
import Models
import Networking
import Sandbox
import SandboxServer

/// A SandboxServer on 127.0.0.1, port 0, started and stopped by the
/// benchmark that uses it, holding the small JSON item the client
/// benchmarks fetch.
enum BenchServer {
    /// The namespace of the benchmarks' own data.
    static let namespace = "bench"
    /// The small body the client benchmarks fetch: one post, about 90 bytes.
    static let item = Post.Body(username: "ada", text: "Hello from the benchmarks", timestamp: 1_700_000_000.5)
    /// Where it is stored.
    static let itemPath = "bench/item"

    /// Runs `body` with a fresh in-memory server, stopping it either way.
    static func run<Result>(_ body: (SandboxServer) async throws -> Result) async throws -> Result {
        var configuration = SandboxConfiguration()
        // 100,000 posts are about 11 MB of JSON; seeding them goes through
        // the same checks as a PUT.
        configuration.firebase.maxBodySize = 256 << 20
        return try await SandboxServer.withServer(
            SandboxServerOptions(host: "127.0.0.1", port: 0, configuration: configuration)
        ) { server in
            try await seed(server.sandbox)
            return try await body(server)
        }
    }

    /// An in-process Sandbox (no server) holding the item and no lesson
    /// data, for asking it directly.
    static func sandbox() async throws -> Sandbox {
        var configuration = SandboxConfiguration()
        configuration.firebase.seedsLessonData = false
        let sandbox = try await Sandbox(configuration: configuration)
        try await seed(sandbox)
        return sandbox
    }

    /// Stores the item in `sandbox`.
    static func seed(_ sandbox: Sandbox) async throws {
        try await sandbox.firebase.setValue(
            ["username": .string(item.username), "text": .string(item.text), "timestamp": .number(item.timestamp)],
            at: itemPath, namespace: namespace)
    }

    /// The item's URL on the server at `baseURL`, as a raw client would
    /// write it.
    static func itemURL(on baseURL: URL) throws -> URL {
        guard let url = URL(string: "\(baseURL.absoluteString)/\(itemPath).json?ns=\(namespace)") else {
            throw BenchmarkFailure("cannot build the item URL for \(baseURL)")
        }
        return url
    }

    /// An SDK client for the benchmarks' namespace on the server at
    /// `baseURL`.
    static func client(of baseURL: URL, transport: any HTTPTransport) -> NetworkClient {
        var client = NetworkClient(baseURL: baseURL, transport: transport)
        client.query = [QueryItem(name: "ns", value: namespace)]
        return client
    }

    /// The item's GET as the Sandbox sees it, for asking it directly.
    static var itemSandboxRequest: SandboxRequest {
        SandboxRequest("GET", "/\(itemPath).json?ns=\(namespace)")
    }

    /// The SDK request for the item.
    static let itemRequest = NetworkRequest<Post.Body>.get(itemPath).pathExtension("json")
}
