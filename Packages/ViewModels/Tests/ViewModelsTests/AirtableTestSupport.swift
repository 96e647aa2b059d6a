import AirtableClient
import Foundation
import Networking
import Sandbox

/// A sandbox and Airtable clients on it. The rate limit is off, so a test
/// may send more than five requests a second, and nothing is retried, so
/// one fault is one failure.
struct AirtableHarness {
    static let token = AirtableEmulator.Configuration.defaultToken

    let sandbox: Sandbox

    init() async throws {
        var configuration = SandboxConfiguration()
        configuration.airtable.rateLimitEnabled = false
        sandbox = try await Sandbox(configuration: configuration)
    }

    func client(token: String = AirtableHarness.token) -> AirtableClient {
        AirtableClient(
            configuration: AirtableClient.Configuration(
                baseID: AirtableClient.lessonBaseID,
                table: AirtableClient.designProjectsTable,
                token: token,
                endpointURL: Sandbox.baseURL,
                rateLimit: .never
            ),
            transport: SandboxTransport(sandbox), retryPolicy: .never)
    }

    func slowDown() async {
        sandbox.faults.setLatency(.milliseconds(60))
    }

    /// The requests that reached the table, by method.
    func requests(_ method: String) async -> [RecordedRequest] {
        await sandbox.requests.matching("/v0/*").filter { $0.method == method }
    }
}
