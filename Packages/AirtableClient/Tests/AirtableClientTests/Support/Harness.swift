import AirtableClient
import Foundation
import Networking
import Sandbox

/// A sandbox and a client on it, for one test.
struct Harness {
    static let token = AirtableEmulator.Configuration.defaultToken
    static let baseID = AirtableEmulator.lessonBaseID

    let sandbox: Sandbox
    let clock: RecordingClock

    /// A fresh sandbox with the lesson's base; its rate limit (5 requests
    /// in `rateLimitWindow`) is off unless asked for, so tests that are not
    /// about it never wait.
    init(rateLimited: Bool = false, rateLimitWindow: Duration = .seconds(1)) async throws {
        sandbox = try await Sandbox(
            configuration: SandboxConfiguration(
                airtable: AirtableEmulator.Configuration(
                    rateLimitEnabled: rateLimited, rateLimitWindow: rateLimitWindow))
        )
        clock = RecordingClock()
    }

    /// A client on `table`, whose waits (rate limit, pacing, retries) are
    /// recorded instead of slept.
    func client(table: String = AirtableClient.designProjectsTable, token: String = Harness.token) -> AirtableClient {
        client(
            AirtableClient.Configuration(
                baseID: Harness.baseID, table: table, token: token, endpointURL: Sandbox.baseURL))
    }

    /// A client with `configuration` on this sandbox; its waits recorded
    /// unless another retry policy is given.
    func client(_ configuration: AirtableClient.Configuration, retryPolicy: RetryPolicy? = nil) -> AirtableClient {
        AirtableClient(
            configuration: configuration, transport: SandboxTransport(sandbox),
            retryPolicy: retryPolicy ?? RetryPolicy(clock: clock.retryClock))
    }

    /// The requests the sandbox answered under the base.
    func requests(method: String? = nil) async -> [RecordedRequest] {
        await sandbox.requests.matching("/v0/*", method: method)
    }

    /// Adds a table of `count` records named `Row 1`… with a `Rank` number.
    func addNumberedTable(_ name: String, count: Int) async throws {
        let rows = (1...count).map { JSON.object(["Name": .string("Row \($0)"), "Rank": .number(Double($0))]) }
        try await sandbox.airtable.addTable(
            named: name, fields: [.init("Name", .singleLineText), .init("Rank", .number)], records: rows)
    }
}

/// Records each wait instead of sleeping, so a 30-second rate-limit wait
/// takes no time and can be checked exactly.
final class RecordingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []
    /// The waits recorded so far: the clock's time runs ahead of the real
    /// time by them, as if they had been slept, so the pacer sees a retry's
    /// 30 seconds pass.
    private var skipped: TimeInterval = 0

    /// The waits asked for, in order.
    var sleeps: [Duration] {
        lock.withLock { recorded }
    }

    var retryClock: RetryClock {
        RetryClock(
            now: { [self] in Date().addingTimeInterval(lock.withLock { skipped }) },
            sleep: { [self] duration in
                lock.withLock {
                    recorded.append(duration)
                    skipped += duration.seconds
                }
            })
    }
}

/// The fields of a table made by ``Harness/addNumberedTable(_:count:)``.
struct Row: Codable, Sendable, Hashable {
    var name: String
    var rank: Int?

    enum CodingKeys: String, CodingKey {
        case name = "Name"
        case rank = "Rank"
    }
}
