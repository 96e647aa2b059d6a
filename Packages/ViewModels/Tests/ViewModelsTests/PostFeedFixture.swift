import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

@testable import ViewModels

/// An in-process Sandbox seeded with the lessons' data, and clients for it
/// whose retries and reconnections do not wait.
struct PostFeedFixture {
    let sandbox: Sandbox

    static func make() async throws -> PostFeedFixture {
        PostFeedFixture(sandbox: try await Sandbox())
    }

    /// Dates as the tests expect them, on any machine.
    static let format = TimestampFormat(locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt)

    /// A database client for `namespace`.
    func firebase(namespace: String, retries: Int = 1) -> FirebaseClient {
        FirebaseClient(
            configuration: FirebaseClient.Configuration(
                databaseURL: Sandbox.baseURL, namespace: namespace,
                // Never replaced for silence: a loaded machine can stall a
                // test longer than any short window.
                streaming: FirebaseStreamPolicy(
                    idleTimeout: .seconds(3600), baseDelay: .milliseconds(10), maxDelay: .milliseconds(50),
                    maxConsecutiveFailures: 2)),
            transport: SandboxTransport(sandbox),
            retryPolicy: RetryPolicy(maxAttempts: retries, clock: RetryClock(now: { Date() }, sleep: { _ in }))
        )
    }

    /// A feed client on the seeded `devmtn-post` database.
    func feedClient(hiddenPosts: HiddenPostStore = .inMemory) -> PostFeedClient {
        PostFeedClient(firebase: firebase(namespace: PostFeedClient.sandboxNamespace), hiddenPosts: hiddenPosts)
    }

    /// A board client on the seeded `lambda-message-board` database.
    func boardClient(retries: Int = 1) -> MessageBoardClient {
        MessageBoardClient(firebase: firebase(namespace: MessageBoardClient.sandboxNamespace, retries: retries))
    }

    /// A failure answered to the next `count` requests for `path`.
    func fail(_ path: String, method: String? = nil, status: Int = 503, count: Int = 1) throws {
        try sandbox.faults.inject(
            Fault(
                path: path, method: method, count: count, status: status,
                body: Data(#"{"error" : "Service Unavailable"}"#.utf8)))
    }

    /// Waits until `condition` holds, failing after `timeout`.
    @MainActor
    static func waitUntil(
        timeout: Duration = .seconds(300), _ what: String = "condition",
        _ condition: @MainActor () async -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("Timed out waiting for \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A unique temporary file.
    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("ViewModelsTests-\(UUID().uuidString)")
            .appendingPathComponent(name)
    }
}

/// The seeded feed's facts, from the Sandbox's `devmtn-post.json`.
enum SeededPosts {
    /// Well-formed posts; three more entries are malformed.
    static let count = 41
    /// The newest post.
    static let newestText = "Finally understand closures (post 40 of the seed)."
    /// Its detail line in UTC with en_US_POSIX.
    static let newestDetail = "Margaret - Mar 11, 2016 3:04 PM"
    /// The newest post's timestamp.
    static let newestTimestamp: TimeInterval = 1_457_708_673.343
    /// Post 38's timestamp: two posts (39 and 40) are newer.
    static let post38Timestamp: TimeInterval = 1_457_701_459.069
}

/// Every state a screen passes through, in order, checked to arrive on
/// the main actor.
@MainActor
final class ScreenStateLog<State> {
    private(set) var states: [State] = []

    /// The observer to install on a screen.
    var observer: (State) -> Void {
        { [self] state in
            MainActor.assertIsolated()
            states.append(state)
        }
    }

    func clear() {
        states = []
    }
}
