import Foundation
import Models
import Networking
import Testing

@Suite("Post feed")
struct PostTests {
    let ada: UUID
    let bob: UUID
    let cy: UUID

    init() throws {
        ada = try #require(UUID(uuidString: "4F3C5B54-7B4E-4B61-9E0E-3E2B5A1C0D11"))
        bob = try #require(UUID(uuidString: "0D5E7A0B-1C2D-4E3F-8A9B-0C1D2E3F4A5B"))
        cy = try #require(UUID(uuidString: "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D"))
    }

    @Test("The PUT body is exactly text, timestamp and username, without the identifier")
    func putBody() throws {
        let post = Post(username: "Ada", text: "Hello, world", timestamp: 1_462_903_624.5, identifier: ada)
        #expect(
            try JSONEncoder.postFeed.encode(post).text
                == #"{"text":"Hello, world","timestamp":1462903624.5,"username":"Ada"}"#)
        #expect(try JSONEncoder.postFeed.encode(post.body) == JSONEncoder.postFeed.encode(post))
    }

    @Test("date and queryTimestamp, the inclusive endAt nudged down by a millionth")
    func timestamps() {
        let post = Post(username: "Ada", text: "Hi", timestamp: 1_462_903_624.5, identifier: ada)
        #expect(post.date == Date(timeIntervalSince1970: 1_462_903_624.5))
        #expect(post.queryTimestamp == 1_462_903_624.5 - 0.000_001)
        #expect(post.queryTimestamp < post.timestamp)
        #expect(post.id == ada)
        let fresh = Post(username: "Bob", text: "New")
        #expect(abs(fresh.timestamp - Date().timeIntervalSince1970) < 60)
        #expect(fresh.identifier != Post(username: "Bob", text: "New").identifier)
    }

    @Test("The feed object decodes newest first, skipping and reporting every bad entry")
    func lossyFeed() throws {
        let json = """
            {
              "\(ada.uuidString)": {"username": "Ada", "text": "first", "timestamp": 1462903624.5},
              "\(bob.uuidString)": {"username": "Bob", "text": "second", "timestamp": 1462903700},
              "\(cy.uuidString)": {"username": "Cy", "text": "same time", "timestamp": 1462903700},
              "not-a-uuid": {"username": "Eve", "text": "bad key", "timestamp": 1},
              "1A2B3C4D-5E6F-4A8B-9C0D-1E2F3A4B5C6D": {"username": "Mal", "timestamp": 2},
              "2B3C4D5E-6F7A-4B8C-9D0E-1F2A3B4C5D6E": {"username": "Mal", "text": "x", "timestamp": "yesterday"},
              "3C4D5E6F-7A8B-4C9D-8E0F-1A2B3C4D5E6F": "just a string"
            }
            """
        let feed = try JSONDecoder.postFeed.decode(PostFeed.self, from: json.utf8Data)
        #expect(feed.posts.map(\.text) == ["same time", "second", "first"])
        #expect(feed.posts.map(\.identifier) == [cy, bob, ada])
        #expect(feed.posts.last == Post(username: "Ada", text: "first", timestamp: 1_462_903_624.5, identifier: ada))
        #expect(
            feed.skipped.map(\.key) == [
                "1A2B3C4D-5E6F-4A8B-9C0D-1E2F3A4B5C6D", "2B3C4D5E-6F7A-4B8C-9D0E-1F2A3B4C5D6E",
                "3C4D5E6F-7A8B-4C9D-8E0F-1A2B3C4D5E6F", "not-a-uuid",
            ])
        #expect(feed.skipped[0].reason == #"text: missing key "text""#)
        #expect(feed.skipped[1].reason.hasPrefix("timestamp: expected Double, found"))
        #expect(feed.skipped[2].reason.hasPrefix("expected Dictionary"))
        #expect(feed.skipped[3].reason == "the key is not a valid UUID")
    }

    @Test("null, Firebase's empty database, is an empty feed; so is {}")
    func emptyFeed() throws {
        #expect(try JSONDecoder.postFeed.decode(PostFeed.self, from: "null".utf8Data) == PostFeed())
        #expect(try JSONDecoder.postFeed.decode(PostFeed.self, from: "{}".utf8Data).posts.isEmpty)
    }

    @Test("A body that is not a feed fails clearly")
    func badFeed() {
        func decode(_ json: String) -> String? {
            failure { _ = try JSONDecoder.postFeed.decode(PostFeed.self, from: json.utf8Data) }
        }
        #expect(decode("[1, 2]")?.hasPrefix("expected Dictionary") == true)
        #expect(
            decode(#"{"\#(ada.uuidString)": {"username": "Ada""#)
                == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(decode("") == "the body is not valid JSON (truncated, or not JSON at all)")
    }

    @Test("Posts decode inside any object keyed by identifier, and explain why not alone")
    func keyedPosts() throws {
        let json = #"{"\#(ada.uuidString)": {"username": "Ada", "text": "hi", "timestamp": 1}}"#
        let posts = try JSONDecoder.postFeed.decode([String: Post].self, from: json.utf8Data)
        #expect(posts[ada.uuidString]?.identifier == ada)
        #expect(
            failure {
                _ = try JSONDecoder.postFeed.decode(
                    Post.self, from: #"{"username":"A","text":"t","timestamp":1}"#.utf8Data)
            }?
            .contains("decode the feed object, or Post.Body") == true)
        #expect(
            failure {
                _ = try JSONDecoder.postFeed.decode(
                    [String: Post].self, from: #"{"x": {"username":"A","text":"t","timestamp":1}}"#.utf8Data)
            }
                == #"x: the key "x" is not a UUID"#)
        let body = try JSONDecoder.postFeed.decode(
            Post.Body.self, from: #"{"username":"A","text":"t","timestamp":1}"#.utf8Data)
        #expect(Post(body, identifier: ada) == Post(username: "A", text: "t", timestamp: 1, identifier: ada))
    }

    @Test("The feed encodes as Firebase stores it and decodes back the same")
    func roundTrip() throws {
        let feed = PostFeed(posts: [
            Post(username: "Ada", text: "a", timestamp: 1, identifier: ada),
            Post(username: "Bob", text: "b", timestamp: 2, identifier: bob),
        ])
        let data = try JSONEncoder.postFeed.encode(feed)
        #expect(
            data.text
                == #"{"0D5E7A0B-1C2D-4E3F-8A9B-0C1D2E3F4A5B":{"text":"b","timestamp":2,"username":"Bob"},"#
                + #""4F3C5B54-7B4E-4B61-9E0E-3E2B5A1C0D11":{"text":"a","timestamp":1,"username":"Ada"}}"#)
        #expect(try JSONDecoder.postFeed.decode(PostFeed.self, from: data) == feed)
    }

    @Test("Pages merge newest first without repeating a post")
    func merging() {
        var feed = PostFeed(posts: [
            Post(username: "Bob", text: "b", timestamp: 20, identifier: bob),
            Post(username: "Ada", text: "a", timestamp: 10, identifier: ada),
        ])
        feed.merge(
            PostFeed(
                posts: [
                    Post(username: "Ada", text: "a", timestamp: 10, identifier: ada),
                    Post(username: "Cy", text: "c", timestamp: 5, identifier: cy),
                ],
                skipped: [SkippedElement(key: "bad", reason: "the key is not a valid UUID")]
            ))
        #expect(feed.posts.map(\.identifier) == [bob, ada, cy])
        #expect(feed.skipped.count == 1)
        feed.insert(Post(username: "Cy", text: "edited", timestamp: 30, identifier: cy))
        #expect(feed.posts.map(\.text) == ["edited", "b", "a"])
    }
}
