import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

@Suite("Bad responses")
struct BadResponseTests {
    @Test(
        "A bad page is a clear NetworkError and leaves the feed as it was",
        arguments: [
            (200, #"{"6F9619FF-8B86-D011-B42D-00C04FC964FF": {"text": "cut"#, "not valid JSON"),
            (200, "<html><title>Welcome</title></html>", "not valid JSON"),
            (200, #"["an", "array"]"#, "found an array"),
            (200, "42", "Could not decode PostFeed: expected Dictionary<String, Any>, found number"),
            (502, "<html><head><title>502 Bad Gateway</title></head></html>", "502 Bad Gateway"),
        ]
    )
    func badPages(status: Int, body: String, expected: String) async throws {
        let fixture = try await FeedFixture.make()
        let feed = fixture.feed()
        try await feed.fetchPosts()
        let before = await feed.feed
        try fixture.sandbox.faults.inject(Fault(path: "/posts.json", count: 3, status: status, body: Data(body.utf8)))
        do {
            try await feed.fetchPosts(reset: false)
            Issue.record("\(body) was accepted")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
        }
        #expect(await feed.feed == before)
    }

    @Test("null is Firebase's answer for no posts: an empty page, not an error")
    func nullIsEmpty() async throws {
        let fixture = try await FeedFixture.make()
        try fixture.sandbox.faults.inject(Fault(path: "/posts.json", status: 200, body: Data("null".utf8)))
        let page = try await fixture.feed().fetchPosts()
        #expect(page == PostPage(posts: [], skipped: [], hasReachedEnd: true))
    }
}
