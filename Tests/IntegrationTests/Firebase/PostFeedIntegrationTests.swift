import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import SandboxServer
import Testing

/// Lesson 2's feed over real HTTP against the seeded `devmtn-post` database.
@Suite("Post feed over HTTP", .timeLimit(.minutes(10)))
struct PostFeedIntegrationTests {
    @Test("Paging walks the 41 seeded posts once, newest first, while a new post arrives between pages")
    func paging() async throws {
        try await FirebaseTestServer.run { server in
            let feed = PostFeedClient(
                firebase: FirebaseTestServer.client(of: server, namespace: PostFeedClient.sandboxNamespace))
            let other = PostFeedClient(
                firebase: FirebaseTestServer.client(of: server, namespace: PostFeedClient.sandboxNamespace))
            var pages = [try await feed.fetchPosts(reset: true)]
            try await other.addPost(username: "Newcomer", text: "Hello while you page")
            while let last = pages.last, !last.hasReachedEnd, pages.count < 20 {
                pages.append(try await feed.fetchPosts(reset: false))
            }
            let posts = pages.flatMap(\.posts)
            #expect(posts.count == 41)
            #expect(Set(posts.map(\.identifier)).count == 41)
            #expect(posts.map(\.timestamp) == posts.map(\.timestamp).sorted(by: >))
            #expect(Set(pages.flatMap(\.skipped).map(\.key)) == ["5064EEFD-4B69-53A7-8EC4-EC8EA20A7083", "not-a-uuid"])
            #expect(try await feed.fetchPosts().posts.first?.username == "Newcomer")
        }
    }

    @Test("A post added elsewhere appears in the observed feed, live")
    func liveUpdates() async throws {
        try await FirebaseTestServer.run { server in
            let feed = PostFeedClient(
                firebase: FirebaseTestServer.client(of: server, namespace: PostFeedClient.sandboxNamespace))
            try await feed.fetchPosts()
            var updates = await feed.updates().makeAsyncIterator()
            _ = try await updates.next()
            let other = PostFeedClient(
                firebase: FirebaseTestServer.client(of: server, namespace: PostFeedClient.sandboxNamespace))
            let post = try await other.addPost(username: "Grace", text: "Live over HTTP")
            var seen = false
            while !seen, let current = try await updates.next() {
                seen = current.posts.first == post
            }
            // The stream ending without the post is a failure, not a pass.
            #expect(seen, "The feed's updates ended before the new post arrived")
        }
    }
}
