import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

@Suite("Adding posts")
struct PostingTests {
    @Test("addPost PUTs the post to posts/<uuid>.json, and it is in the feed")
    func addPostPuts() async throws {
        let fixture = try await FeedFixture.make()
        let feed = fixture.feed()
        try await feed.fetchPosts()
        let post = try await feed.addPost(username: "Ada", text: "Hello, feed")
        let puts = await fixture.sandbox.requests.matching("/posts/*", method: "PUT")
        #expect(puts.map(\.path) == ["/posts/\(post.identifier.uuidString).json"])
        #expect(await feed.posts.first == post)
        let stored = try await fixture.firebase().get("posts/\(post.identifier.uuidString)", as: Post.Body.self)
        #expect(stored == post.body)
        #expect(try await fixture.feed().fetchPosts().posts.first == post)
    }

    @Test("A PUT retried after a 503 stores the post once")
    func retriedPutStoresOnce() async throws {
        let fixture = try await FeedFixture.make(seeded: false)
        try fixture.sandbox.faults.inject(Fault(path: "/posts/*", method: "PUT", status: 503))
        let post = try await fixture.feed().addPost(username: "Ada", text: "Once")
        let puts = await fixture.sandbox.requests.matching("/posts/*", method: "PUT")
        #expect(puts.map(\.status) == [503, 204])
        let stored = try await fixture.firebase().get("posts", as: PostFeed.self)
        #expect(stored.posts == [post])
    }

    @Test("A failed post is not added to the feed")
    func failedPostIsNotAdded() async throws {
        let fixture = try await FeedFixture.make(seeded: false)
        try fixture.sandbox.faults.inject(Fault(path: "/posts/*", method: "PUT", count: 3, status: 503))
        let feed = fixture.feed()
        await #expect(throws: NetworkError.self) {
            try await feed.addPost(username: "Ada", text: "Lost")
        }
        #expect(await feed.posts.isEmpty)
    }
}
