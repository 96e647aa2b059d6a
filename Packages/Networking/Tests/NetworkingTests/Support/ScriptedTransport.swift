import Foundation
import Networking

/// A transport that answers from a script, for the Networking core's own
/// tests of status mapping and retry timing. Client packages never need one:
/// they test against the Sandbox.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    typealias Step = @Sendable (TransportRequest) throws -> TransportResponse

    private let lock = NSLock()
    private var steps: [Step]
    private var sent: [TransportRequest] = []

    init(_ steps: [Step]) {
        self.steps = steps
    }

    /// Answers every request with the same response.
    convenience init(always response: TransportResponse) {
        self.init([{ _ in response }])
    }

    var requests: [TransportRequest] { lock.withLock { sent } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let step = lock.withLock { () -> Step in
            sent.append(request)
            return steps.count > 1 ? steps.removeFirst() : steps[0]
        }
        return try step(request)
    }
}

extension TransportResponse {
    static func json(_ text: String, status: Int = 200, headers: HeaderFields = [:]) -> TransportResponse {
        TransportResponse(
            status: status, headers: headers.merging(["Content-Type": "application/json"]), body: Data(text.utf8))
    }
}

/// A clock that never waits: it records each sleep and moves its time on.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_700_000_000)
    private var recorded: [Duration] = []

    var sleeps: [Duration] { lock.withLock { recorded } }
    var now: Date { lock.withLock { current } }

    var retryClock: RetryClock {
        RetryClock(
            now: { self.now },
            sleep: { duration in
                self.lock.withLock {
                    self.recorded.append(duration)
                    self.current += Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                }
            }
        )
    }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}

/// Builds a client on `transport` with a retry policy on `clock` whose jitter
/// always picks the longest delay, so schedules are exact.
func makeClient(
    _ transport: any HTTPTransport,
    clock: TestClock = TestClock(),
    baseURL: String = "https://api.example.test",
    maxAttempts: Int = 3,
    deadline: Duration? = .seconds(60)
) -> NetworkClient {
    NetworkClient(
        baseURL: URL(string: baseURL)!,
        transport: transport,
        retryPolicy: RetryPolicy(
            maxAttempts: maxAttempts,
            deadline: deadline,
            clock: clock.retryClock,
            random: { $0.upperBound }
        )
    )
}
