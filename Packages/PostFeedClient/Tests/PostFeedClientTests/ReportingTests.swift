import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

@Suite("Reporting and hiding")
struct ReportingTests {
    @Test("Reporting records the report under reports/ and hides the post")
    func reportRecordsAndHides() async throws {
        let fixture = try await FeedFixture.make()
        let feed = fixture.feed()
        let page = try await feed.fetchPosts()
        let offending = try #require(page.posts.first)
        let key = try await feed.report(offending, reason: "Spam")

        #expect(await !feed.posts.contains(offending))
        #expect(await feed.hiddenPostIdentifiers == [offending.identifier])
        let reports = try await fixture.firebase().get(
            "reports/\(offending.identifier.uuidString)", as: [String: PostReport].self)
        let report = try #require(reports[key])
        #expect(report.postIdentifier == offending.identifier)
        #expect(report.reason == "Spam")
        #expect(report.text == offending.text)
        #expect(FirebasePushIDGenerator.date(of: key) != nil)
    }

    @Test("Hidden posts stay hidden after a restart, from the file the caller chose")
    func hiddenAcrossRestarts() async throws {
        let fixture = try await FeedFixture.make()
        let offending = try #require(try await fixture.feed().fetchPosts().posts.first)
        try await withTemporaryDirectory { location in
            let file = location("hidden.json")
            let before = fixture.feed(hiddenPosts: HiddenPostStore(fileURL: file))
            try await before.fetchPosts()
            try await before.report(offending, reason: "Offensive")

            let after = fixture.feed(hiddenPosts: HiddenPostStore(fileURL: file))
            let page = try await after.fetchPosts()
            #expect(!page.posts.contains(offending))
            #expect(await after.hiddenPostIdentifiers == [offending.identifier])
            #expect(try HiddenPostStore(fileURL: file).load() == [offending.identifier])

            try await after.unhide(offending)
            #expect(await after.posts.contains(offending))
            #expect(try HiddenPostStore(fileURL: file).load().isEmpty)
        }
    }

    @Test("A report that cannot be recorded still hides the post, and says why")
    func failedReportStillHides() async throws {
        let fixture = try await FeedFixture.make()
        try fixture.sandbox.faults.inject(Fault(path: "/reports/*", method: "PUT", count: 3, status: 503))
        let feed = fixture.feed()
        let offending = try #require(try await feed.fetchPosts().posts.first)
        await #expect(throws: NetworkError.self) {
            try await feed.report(offending, reason: "Spam")
        }
        #expect(await !feed.posts.contains(offending))
    }

    @Test("A missing or unreadable hidden-posts file counts as nothing hidden")
    func unreadableFile() async throws {
        try await withTemporaryDirectory { location in
            let missing = HiddenPostStore(fileURL: location("none.json"))
            #expect(try missing.load().isEmpty)
            let file = location("corrupt.json")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not json".utf8).write(to: file)
            #expect(throws: (any Error).self) { try HiddenPostStore(fileURL: file).load() }
        }
    }
}
