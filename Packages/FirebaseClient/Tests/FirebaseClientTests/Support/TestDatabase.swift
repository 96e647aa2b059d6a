import FirebaseClient
import Foundation
import Networking
import Sandbox

/// A fresh in-process Sandbox and a client for one of its databases.
struct TestDatabase {
    let sandbox: Sandbox
    let firebase: FirebaseClient

    /// A sandbox of its own, and a client for `namespace` (a new, empty one
    /// by default) whose retries and reconnections do not wait.
    static func make(
        namespace: String = "test-\(UUID().uuidString)",
        sandbox configuration: SandboxConfiguration = SandboxConfiguration(),
        credentials: FirebaseCredentials? = nil,
        streaming: FirebaseStreamPolicy = .immediate
    ) async throws -> TestDatabase {
        let sandbox = try await Sandbox(configuration: configuration)
        return TestDatabase(
            sandbox: sandbox,
            firebase: client(for: sandbox, namespace: namespace, credentials: credentials, streaming: streaming)
        )
    }

    /// Another client of the same sandbox, as a second app would have.
    static func client(
        for sandbox: Sandbox,
        namespace: String,
        credentials: FirebaseCredentials? = nil,
        streaming: FirebaseStreamPolicy = .immediate
    ) -> FirebaseClient {
        FirebaseClient(
            configuration: FirebaseClient.Configuration(
                databaseURL: Sandbox.baseURL, namespace: namespace, credentials: credentials, streaming: streaming),
            transport: SandboxTransport(sandbox), retryPolicy: .immediate
        )
    }

    /// The requests the sandbox answered for `pattern`, of one method.
    func requests(_ pattern: String, method: String) async -> [RecordedRequest] {
        await sandbox.requests.matching(pattern, method: method)
    }
}

extension RetryPolicy {
    /// Three attempts, without waiting between them.
    static let immediate = RetryPolicy(maxAttempts: 3, clock: RetryClock(now: { Date() }, sleep: { _ in }))
}

extension FirebaseStreamPolicy {
    /// Reconnects at once, and never for silence: no test's stream is ever
    /// quiet for an hour, however loaded the machine. A test of silence
    /// sets its own policy on a ``ManualClock``.
    static let immediate = FirebaseStreamPolicy(
        idleTimeout: .seconds(3600), baseDelay: .milliseconds(10), maxDelay: .milliseconds(50))

    /// A policy whose silence and backoff follow `clock`: a connection
    /// quiet for `idleTimeout` of the clock's time is replaced at once.
    static func manual(_ clock: ManualClock, idleTimeout: Duration = .seconds(8)) -> FirebaseStreamPolicy {
        FirebaseStreamPolicy(idleTimeout: idleTimeout, baseDelay: .zero, maxDelay: .zero, clock: clock.retryClock)
    }
}

/// A value written and read in the tests.
struct Note: Codable, Sendable, Hashable {
    var text: String
    var order: Int
}

/// The error `body` throws, or `nil` if it succeeds: lets a test inspect a
/// typed ``NetworkError`` without `catch` blocks widening it to `any Error`.
func networkError(_ body: () async throws(NetworkError) -> Void) async -> NetworkError? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
