import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import PostFeedClient
import Sandbox
import SandboxServer
import Testing

/// Lessons 2 and 3 in their own shapes, the controllers with completions and
/// a delegate, over real HTTP against the seeded databases.
@Suite("The lessons' controllers over HTTP", .timeLimit(.minutes(10)))
struct LessonControllerIntegrationTests {
    @Test("MessageThreadController fetches, creates a thread, and a message shows in its thread")
    func messageThreadController() async throws {
        try await FirebaseTestServer.run { server in try await Self.messageThreadController(on: server) }
    }

    @MainActor
    private static func messageThreadController(on server: SandboxServer) async throws {
        let controller = seededBoardController(on: server)

        try await onMainQueue { controller.fetchMessageThreads(completion: $0) }
        #expect(controller.messageThreads.map(\.title) == ["REST APIs"])

        try await onMainQueue { controller.createMessageThread(title: "Over HTTP", completion: $0) }
        let thread = try #require(controller.messageThreads.first { $0.title == "Over HTTP" })
        #expect(thread.messages.isEmpty)

        // Both through the value read before either message, as a
        // detail screen holding the thread would send them.
        try await onMainQueue { controller.createMessage(in: thread, text: "Hello", sender: "Ada", completion: $0) }
        try await onMainQueue {
            controller.createMessage(in: thread, text: "Hi back", sender: "Grace", completion: $0)
        }
        let kept = controller.messageThread(withIdentifier: thread.identifier)
        #expect(kept?.messages.map(\.text) == ["Hello", "Hi back"])

        let puts = await server.sandbox.requests.matching("/\(thread.identifier).json", method: "PUT")
        let posts = await server.sandbox.requests.matching("/\(thread.identifier)/messages.json", method: "POST")
        #expect(puts.count == 1)
        #expect(posts.count == 2)

        let fresh = MessageThreadController(client: controller.client)
        try await onMainQueue { fresh.fetchMessageThreads(completion: $0) }
        #expect(fresh.messageThreads.map(\.title) == ["Over HTTP", "REST APIs"])
        #expect(fresh.messageThread(withIdentifier: thread.identifier)?.messages.map(\.sender) == ["Ada", "Grace"])
    }

    @Test("A failed call leaves the threads as they were and hands the error to the completion")
    func messageThreadControllerFailure() async throws {
        try await FirebaseTestServer.run { server in try await Self.messageThreadControllerFailure(on: server) }
    }

    @MainActor
    private static func messageThreadControllerFailure(on server: SandboxServer) async throws {
        let controller = seededBoardController(on: server)
        try server.sandbox.faults.inject(
            Fault(
                path: "/.json", method: "GET", status: 401,
                body: Data(#"{"error":"Permission denied"}"#.utf8)))
        let error = await withCheckedContinuation { continuation in
            controller.fetchMessageThreads { error in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(returning: error)
            }
        }
        guard case .unauthenticated? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(controller.messageThreads.isEmpty)
    }

    @Test("PostController fetches on init, pages, and re-fetches after a post; its delegate hears each change")
    func postController() async throws {
        try await FirebaseTestServer.run { server in try await Self.postController(on: server) }
    }

    @MainActor
    private static func postController(on server: SandboxServer) async throws {
        let feed = PostFeedClient(
            firebase: FirebaseTestServer.client(of: server, namespace: PostFeedClient.sandboxNamespace))
        let recorder = PostsRecorder()
        let controller = PostController(client: feed)
        controller.delegate = recorder

        // The seed's newest 15 entries hold one that is not a post.
        let first = await recorder.next()
        #expect(first.count == PostFeedClient.pageSize - 1)
        #expect(controller.posts == first)

        let page: [Post] = try await withCheckedThrowingContinuation { continuation in
            controller.fetchPosts(reset: false) { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(!page.isEmpty)
        #expect(await recorder.next().count == first.count + page.count)
        #expect(controller.posts.suffix(page.count) == page)

        let post: Post = try await withCheckedThrowingContinuation { continuation in
            controller.addPost(username: "Ada", text: "Hello, feed") { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        // As the lesson does, the post is followed by a fetch of the
        // newest posts, which replaces the feed.
        let afterPost = await recorder.next()
        #expect(afterPost.first == post)
        #expect(afterPost.count == first.count)
        let methods = await server.sandbox.requests.matching("/posts*").map(\.method)
        #expect(methods.suffix(2) == ["PUT", "GET"])
    }
}

/// A controller of the seeded board on `server`.
@MainActor
private func seededBoardController(on server: SandboxServer) -> MessageThreadController {
    MessageThreadController(
        client: MessageBoardClient(
            firebase: FirebaseTestServer.client(of: server, namespace: MessageBoardClient.sandboxNamespace)))
}

/// Runs a controller call and waits for its `(NetworkError?)` completion,
/// checking it came on the main queue; a failure is thrown.
@MainActor
private func onMainQueue(
    _ call: (@escaping @MainActor @Sendable (NetworkError?) -> Void) -> NetworkTask
) async throws {
    let error: NetworkError? = await withCheckedContinuation { continuation in
        _ = call { error in
            dispatchPrecondition(condition: .onQueue(.main))
            continuation.resume(returning: error)
        }
    }
    if let error {
        throw error
    }
}

/// A post list's stand-in: records every `postsUpdated(_:)`.
@MainActor
private final class PostsRecorder: PostControllerDelegate {
    private var updates: [[Post]] = []
    private var read = 0
    private var waiter: CheckedContinuation<Void, Never>?

    func postsUpdated(_ posts: [Post]) {
        dispatchPrecondition(condition: .onQueue(.main))
        updates.append(posts)
        waiter?.resume()
        waiter = nil
    }

    /// The posts of the next update not read yet.
    func next() async -> [Post] {
        while read == updates.count {
            await withCheckedContinuation { waiter = $0 }
        }
        read += 1
        return updates[read - 1]
    }
}
