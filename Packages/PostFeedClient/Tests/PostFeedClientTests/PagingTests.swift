import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

@Suite("Paging through the feed")
struct PagingTests {
    @Test("Pages of 15 walk every seeded post once, newest first, skipping and reporting malformed entries")
    func walksTheSeededFeed() async throws {
        let fixture = try await FeedFixture.make()
        let feed = fixture.feed()
        let pages = try await FeedFixture.allPages(of: feed)
        let posts = pages.flatMap(\.posts)

        #expect(posts.count == SeededFeed.validPostCount)
        #expect(Set(posts.map(\.identifier)).count == posts.count, "a post was repeated")
        #expect(posts.map(\.timestamp) == posts.map(\.timestamp).sorted(by: >), "not newest first")
        #expect(await feed.posts == posts)

        var reported: Set<String> = []
        for page in pages.dropLast() {
            let newlySkipped = Set(page.skipped.map(\.key)).subtracting(reported)
            #expect(page.posts.count + newlySkipped.count == PostFeedClient.pageSize)
            reported.formUnion(newlySkipped)
        }
        reported.formUnion(pages.last?.skipped.map(\.key) ?? [])
        #expect(reported == [SeededFeed.missingText, SeededFeed.notAUUID])
        #expect(await feed.feed.skipped.map(\.key).sorted() == [SeededFeed.missingText, SeededFeed.notAUUID])
        #expect(!posts.contains { $0.identifier.uuidString == SeededFeed.stringTimestamp })
        #expect(await feed.hasReachedEnd)
        #expect(try await feed.fetchPosts(reset: false) == PostPage(posts: [], skipped: [], hasReachedEnd: true))
    }

    @Test("Every seeded post that is well formed is found: compared with the raw database")
    func matchesTheDatabase() async throws {
        let fixture = try await FeedFixture.make()
        let raw = try await fixture.firebase().get("posts", as: PostFeed.self)
        let feedPosts = try await FeedFixture.allPages(of: fixture.feed()).flatMap(\.posts)
        let stringTimestamp = UUID(uuidString: SeededFeed.stringTimestamp)
        #expect(raw.posts.filter { $0.identifier != stringTimestamp } == feedPosts)
    }

    @Test("Posts sharing a timestamp across a page boundary are neither skipped nor repeated")
    func tiesAcrossPageBoundaries() async throws {
        let fixture = try await FeedFixture.make(seeded: false)
        let posts = Self.tiedPosts()
        try await fixture.seed(posts)
        let pages = try await FeedFixture.allPages(of: fixture.feed())
        let fetched = pages.flatMap(\.posts)
        #expect(fetched == PostFeed(posts: posts).posts)
        #expect(pages.dropLast().allSatisfy { $0.posts.count == PostFeedClient.pageSize })
    }

    @Test("The lesson's queryTimestamp nudge skips tied posts that the overlap approach keeps")
    func lessonNudgeSkipsTies() async throws {
        let fixture = try await FeedFixture.make(seeded: false)
        let posts = Self.tiedPosts()
        try await fixture.seed(posts)
        // The lesson's algorithm, verbatim in spirit: endAt the oldest post's
        // queryTimestamp, 15 at a time.
        let firebase = fixture.firebase()
        var held = PostFeed()
        var end = Date().timeIntervalSince1970 + 86_400
        while true {
            let query = FirebaseQuery.orderByChild("timestamp").endAt(.number(end)).limitToLast(15)
            let page = try await firebase.get("posts", query: query, as: PostFeed.self)
            held.merge(page)
            guard page.posts.count == 15, let oldest = held.posts.last else { break }
            end = oldest.queryTimestamp
        }
        #expect(held.posts.count < posts.count, "the nudge no longer skips ties; update the documentation")
    }

    @Test("New posts arriving between pages neither repeat nor hide older posts")
    func newPostsBetweenPages() async throws {
        let fixture = try await FeedFixture.make()
        let feed = fixture.feed()
        let other = fixture.feed()
        var pages = [try await feed.fetchPosts(reset: true)]
        for index in 0..<3 {
            try await other.addPost(username: "Newcomer", text: "Arrived during paging \(index)")
            pages.append(try await feed.fetchPosts(reset: false))
        }
        while let last = pages.last, !last.hasReachedEnd {
            pages.append(try await feed.fetchPosts(reset: false))
        }
        let paged = pages.flatMap(\.posts)
        #expect(paged.count == SeededFeed.validPostCount)
        #expect(Set(paged.map(\.identifier)).count == paged.count)
        #expect(!paged.contains { $0.username == "Newcomer" })

        let refreshed = try await feed.fetchPosts(reset: true)
        #expect(refreshed.posts.prefix(3).map(\.username) == ["Newcomer", "Newcomer", "Newcomer"])
        #expect(refreshed.posts.count + refreshed.skipped.count == PostFeedClient.pageSize)
    }

    @Test("A reset replaces the feed with the newest page")
    func resetStartsAgain() async throws {
        let fixture = try await FeedFixture.make()
        let feed = fixture.feed()
        let first = try await feed.fetchPosts(reset: true)
        _ = try await feed.fetchPosts(reset: false)
        #expect(await feed.posts.count > first.posts.count)
        let again = try await feed.fetchPosts()
        #expect(again.posts == first.posts)
        #expect(await feed.posts == first.posts)
    }

    @Test("An empty database is an empty feed that has reached its end")
    func emptyFeed() async throws {
        let fixture = try await FeedFixture.make(seeded: false)
        let page = try await fixture.feed().fetchPosts()
        #expect(page == PostPage(posts: [], skipped: [], hasReachedEnd: true))
    }

    /// 5 posts newer than a run of 20 sharing one timestamp, then 12 older:
    /// the first page ends inside the tie.
    static func tiedPosts() -> [Post] {
        let tie: TimeInterval = 1_600_000_000
        let newer = (1...5).map { Post(username: "new", text: "newer \($0)", timestamp: tie + Double($0)) }
        let tied = (1...20).map { Post(username: "tie", text: "tied \($0)", timestamp: tie) }
        let older = (1...12).map { Post(username: "old", text: "older \($0)", timestamp: tie - Double($0)) }
        return newer + tied + older
    }
}
