import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

@Suite("Observing the feed", .timeLimit(.minutes(10)))
struct UpdatesTests {
    @Test("updates yields the feed now, after a page, and after each live change by another user")
    func liveChanges() async throws {
        let fixture = try await FeedFixture.make()
        let feed = fixture.feed()
        var updates = await feed.updates().makeAsyncIterator()
        #expect(try await updates.next()?.posts == [])

        try await feed.fetchPosts()
        let page = try await next(of: &updates) { $0.posts.count == 14 || $0.posts.count == 15 }
        let newest = try #require(page.posts.first)

        let other = fixture.feed()
        let post = try await other.addPost(username: "Grace", text: "Live from elsewhere")
        let withNew = try await next(of: &updates) { $0.posts.first == post }
        #expect(withNew.posts.dropFirst().first == newest)

        try await fixture.firebase().patch(["text": "Edited elsewhere"], at: "posts/\(post.identifier.uuidString)")
        _ = try await next(of: &updates) { $0.posts.first?.text == "Edited elsewhere" }

        try await fixture.firebase().delete("posts/\(post.identifier.uuidString)")
        let afterDelete = try await next(of: &updates) { $0.posts.first == newest }
        #expect(!afterDelete.posts.contains { $0.identifier == post.identifier })
    }

    @Test("Hiding a post and adding one are changes too")
    func localChanges() async throws {
        let fixture = try await FeedFixture.make(seeded: false)
        let feed = fixture.feed()
        var updates = await feed.updates().makeAsyncIterator()
        #expect(try await updates.next()?.posts == [])
        let post = try await feed.addPost(username: "Ada", text: "Mine")
        _ = try await next(of: &updates) { $0.posts == [post] }
        try await feed.hide(post)
        _ = try await next(of: &updates) { $0.posts.isEmpty }
    }

    @Test("The live stream ends when the last observer stops")
    func streamStopsWithObservers() async throws {
        let fixture = try await FeedFixture.make(seeded: false)
        let feed = fixture.feed()
        let observer = Task {
            for try await _ in await feed.updates() {}
        }
        try await waitUntil { await fixture.sandbox.requests.matching("/posts.json", method: "GET").count == 1 }
        observer.cancel()
        _ = await observer.result
        // A new observer starts a new stream.
        var updates = await feed.updates().makeAsyncIterator()
        _ = try await updates.next()
        try await waitUntil { await fixture.sandbox.requests.matching("/posts.json", method: "GET").count == 2 }
    }

    private func next(
        of updates: inout NetworkStream<PostFeed>.AsyncIterator,
        where predicate: (PostFeed) -> Bool
    ) async throws -> PostFeed {
        while let feed = try await updates.next() {
            if predicate(feed) { return feed }
        }
        throw CancellationError()
    }

    private func waitUntil(_ condition: () async -> Bool) async throws {
        while await !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
