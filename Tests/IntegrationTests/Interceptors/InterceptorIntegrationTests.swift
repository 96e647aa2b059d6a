import AsyncHTTPClientTransport
import FirebaseClient
import Foundation
import Networking
import Sandbox
import SandboxServer
import Synchronization
import Testing

/// The two interceptors users ask for, against the Sandbox over real HTTP:
/// its Firebase emulator with `--auth-secret` refuses a stale token with
/// `401 Permission denied`, as the real database does.
@Suite("Interceptors over HTTP")
struct InterceptorIntegrationTests {
    static let secret = "fresh-access-token"

    /// The transports the chain runs over, unchanged: it sits above them.
    enum Transport: String, CaseIterable, CustomTestStringConvertible {
        case urlSession, asyncHTTPClient, inProcess

        var testDescription: String { rawValue }

        func make(for server: SandboxServer) -> any HTTPTransport {
            switch self {
            case .urlSession: URLSessionTransport.shared
            case .asyncHTTPClient: AsyncHTTPClientTransport()
            case .inProcess: SandboxTransport(server.sandbox)
            }
        }
    }

    /// A Firebase client whose OAuth access token comes from `tokens`.
    static func client(
        of server: SandboxServer, namespace: String, tokens: AccessTokenStore, over transport: Transport
    ) -> FirebaseClient {
        let configuration = FirebaseTestServer.client(of: server, namespace: namespace).configuration
        var firebase = FirebaseClient(
            configuration: configuration, transport: transport.make(for: server), retryPolicy: .never)
        firebase.http.interceptors.append(BearerTokenInterceptor(tokens: tokens))
        return firebase
    }

    /// Runs `body` with a server whose Firebase emulator takes only
    /// ``secret``, and a fresh namespace holding `{"greeting": "hello"}`.
    static func withSecuredServer(_ body: (SandboxServer, String) async throws -> Void) async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebase.authSecret = secret
        try await FirebaseTestServer.run(options) { server in
            let namespace = FirebaseTestServer.freshNamespace()
            try await server.sandbox.firebase.setValue(["greeting": "hello"], at: "/", namespace: namespace)
            try await body(server, namespace)
        }
    }

    @Test(
        "Eight requests with an expired token share one refresh; each refused one is sent again once",
        arguments: Transport.allCases)
    func tokenRefresh(over transport: Transport) async throws {
        try await Self.withSecuredServer { server, namespace in
            let refreshes = Mutex(0)
            let tokens = AccessTokenStore(token: "expired-access-token") { () async throws(NetworkError) -> String in
                refreshes.withLock { $0 += 1 }
                // Long enough that every request has been refused first.
                try? await Task.sleep(for: .milliseconds(200))
                return Self.secret
            }
            let firebase = Self.client(of: server, namespace: namespace, tokens: tokens, over: transport)
            let greetings = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await firebase.get("greeting", as: String.self) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(greetings == Array(repeating: "hello", count: 8))
            #expect(refreshes.withLock { $0 } == 1)
            let statuses = await server.sandbox.requests.matching("/greeting.json").map(\.status)
            // Each request is refused at most once: those that start while
            // the refresh runs wait for it and go out with the new token.
            let refused = statuses.filter { $0 == 401 }.count
            #expect((1...8).contains(refused))
            #expect(statuses.filter { $0 == 200 }.count == 8)
            #expect(statuses.count == 8 + refused)
            // The log the Sandbox keeps shows no token.
            let logged = await server.sandbox.requests.matching("/greeting.json")
            #expect(!String(describing: logged).contains(Self.secret))
        }
    }

    @Test("A stream refused with an expired token refreshes it and opens", arguments: Transport.allCases)
    func streamTokenRefresh(over transport: Transport) async throws {
        try await Self.withSecuredServer { server, namespace in
            let tokens = AccessTokenStore(token: "expired-access-token") { () async throws(NetworkError) in Self.secret
            }
            let firebase = Self.client(of: server, namespace: namespace, tokens: tokens, over: transport)
            var first: JSON?
            for try await value in firebase.values(at: "greeting") {
                first = value
                break
            }
            #expect(first == "hello")
            #expect(await tokens.refreshCount == 1)
        }
    }

    @Test("Metrics report each attempt over HTTP: a 503 and its retry, with time, bytes and no secret")
    func metrics() async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebase.authSecret = Self.secret
        try await FirebaseTestServer.run(options) { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let reported = Mutex<[NetworkLogRecord]>([])
            var firebase = FirebaseTestServer.client(
                of: server, namespace: namespace, credentials: .databaseSecret(Self.secret))
            firebase.http.interceptors.append(
                MetricsInterceptor { metrics in reported.withLock { $0.append(metrics) } })
            try server.sandbox.faults.inject(
                Fault(path: "/scores/*", method: "PUT", status: 503, body: Data(#"{"error":"busy"}"#.utf8)))
            try await firebase.put(["points": 42], at: "scores/ada")
            let metrics = reported.withLock { $0 }
            #expect(metrics.map(\.attempt) == [1, 2])
            #expect(metrics.map(\.status) == [503, 200])
            #expect(metrics.map(\.method) == [.put, .put])
            #expect(metrics.allSatisfy { $0.bytesSent == Data(#"{"points":42}"#.utf8).count })
            #expect(metrics.first?.bytesReceived == Data(#"{"error":"busy"}"#.utf8).count)
            #expect(metrics.last?.bytesReceived == Data(#"{"points":42}"#.utf8).count)
            #expect(metrics.allSatisfy { ($0.duration ?? .zero) > .zero && !$0.url.contains(Self.secret) })
            #expect(metrics.allSatisfy { $0.url.contains("/scores/ada.json") })
            #expect(metrics.first?.error?.status == 503 && metrics.last?.error == nil)
        }
    }
}
