import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox

/// A Sandbox with the lesson's seeded feed, and clients for it.
struct FeedFixture {
    let sandbox: Sandbox
    let namespace: String

    /// The seeded `devmtn-post` database, or an empty namespace of its own.
    static func make(seeded: Bool = true) async throws -> FeedFixture {
        FeedFixture(
            sandbox: try await Sandbox(),
            namespace: seeded ? PostFeedClient.sandboxNamespace : "feed-\(UUID().uuidString)"
        )
    }

    /// A database client whose retries do not wait.
    func firebase() -> FirebaseClient {
        FirebaseClient(
            configuration: FirebaseClient.Configuration(
                databaseURL: Sandbox.baseURL, namespace: namespace,
                // Never replaced for silence: a loaded machine can stall a
                // test longer than any short window.
                streaming: FirebaseStreamPolicy(
                    idleTimeout: .seconds(3600), baseDelay: .milliseconds(10), maxDelay: .milliseconds(50))),
            transport: SandboxTransport(sandbox),
            retryPolicy: RetryPolicy(maxAttempts: 3, clock: RetryClock(now: { Date() }, sleep: { _ in }))
        )
    }

    /// A feed client, as one app would have.
    func feed(hiddenPosts: HiddenPostStore = .inMemory) -> PostFeedClient {
        PostFeedClient(firebase: firebase(), hiddenPosts: hiddenPosts)
    }

    /// Replaces the posts with `posts`, in one write.
    func seed(_ posts: [Post]) async throws {
        var bodies: [String: Post.Body] = [:]
        for post in posts {
            bodies[post.identifier.uuidString] = post.body
        }
        try await firebase().put(bodies, at: "posts")
    }

    /// Every page from a reset to the end.
    static func allPages(of feed: PostFeedClient) async throws -> [PostPage] {
        var pages = [try await feed.fetchPosts(reset: true)]
        while let last = pages.last, !last.hasReachedEnd, pages.count < 100 {
            pages.append(try await feed.fetchPosts(reset: false))
        }
        return pages
    }
}

/// The seeded feed's facts, from `Resources/firebase/devmtn-post.json`.
enum SeededFeed {
    /// Well-formed posts.
    static let validPostCount = 41
    /// The entry with no `text`.
    static let missingText = "5064EEFD-4B69-53A7-8EC4-EC8EA20A7083"
    /// The entry whose key is not a UUID.
    static let notAUUID = "not-a-uuid"
    /// The entry whose timestamp is a string: Firebase orders it after
    /// every number, so no page ending at a number ever holds it.
    static let stringTimestamp = "8D3B1588-3673-5597-B875-D83E8EBF2517"
}

/// Runs `body` with a location named `name` in a temporary directory of
/// its own, which is removed afterwards, whatever the test left there.
func withTemporaryDirectory<Result>(
    _ body: (_ file: (_ name: String) -> URL) async throws -> Result
) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("PostFeedClientTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body { directory.appendingPathComponent($0) }
}
