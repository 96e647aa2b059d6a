import FirebaseClient
import Foundation
import Networking
import Sandbox
import SandboxServer

/// A SandboxServer on 127.0.0.1, port 0, and Firebase clients that reach it
/// over real HTTP through `URLSessionTransport`.
enum FirebaseTestServer {
    /// Runs `body` with a fresh server, stopping it afterwards either way.
    static func run(
        _ options: SandboxServerOptions = SandboxServerOptions(port: 0),
        _ body: (SandboxServer) async throws -> Void
    ) async throws {
        try await SandboxServer.withServer(options, body)
    }

    /// A client of `namespace` on `server`, with its own URL session.
    static func client(
        of server: SandboxServer,
        namespace: String,
        credentials: FirebaseCredentials? = nil,
        streaming: FirebaseStreamPolicy = .integration
    ) -> FirebaseClient {
        client(baseURL: server.baseURL, namespace: namespace, credentials: credentials, streaming: streaming)
    }

    /// A client of `namespace` at `baseURL`, which may outlive one server.
    static func client(
        baseURL: URL,
        namespace: String,
        credentials: FirebaseCredentials? = nil,
        streaming: FirebaseStreamPolicy = .integration
    ) -> FirebaseClient {
        FirebaseClient(
            configuration: FirebaseClient.Configuration(
                databaseURL: baseURL, namespace: namespace, credentials: credentials, streaming: streaming),
            transport: URLSessionTransport.shared,
            retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(20))
        )
    }

    /// A namespace no other test uses.
    static func freshNamespace() -> String {
        "it-\(UUID().uuidString)"
    }
}

extension FirebaseStreamPolicy {
    /// Quick reconnections, so a restarted server is found within a second;
    /// never for silence, which a loaded machine can cause in any short
    /// window.
    static let integration = FirebaseStreamPolicy(
        idleTimeout: .seconds(3600), baseDelay: .milliseconds(50), maxDelay: .milliseconds(250))
}

/// A value the integration tests write and read.
struct FirebaseEntry: Codable, Sendable, Hashable {
    var text: String
    var order: Int
}
