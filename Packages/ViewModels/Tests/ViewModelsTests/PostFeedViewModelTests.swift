import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

@testable import ViewModels

@MainActor
@Suite("Post feed screen", .timeLimit(.minutes(10)))
struct PostFeedViewModelTests {
    @Test("The first load shows the newest page, newest first, as text and `username - date`")
    func firstLoad() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        let log = ScreenStateLog<LoadState>()
        feed.stateObserver = log.observer
        #expect(feed.state == .idle)

        await feed.load()

        #expect(log.states == [.loading, .loaded])
        #expect(feed.alert == nil)
        #expect(!feed.rows.isEmpty && feed.rows.count <= PostFeedClient.pageSize)
        let first = try #require(feed.rows.first)
        #expect(first.text == SeededPosts.newestText)
        #expect(first.detail == SeededPosts.newestDetail)
        #expect(first.username == "Margaret")
        #expect(first.dateFormatted == "Mar 11, 2016 3:04 PM")
        #expect(feed.rows.map(\.timestamp) == feed.rows.map(\.timestamp).sorted(by: >))
        #expect(!feed.hasReachedEnd)
        #expect(!feed.isNetworkActivityIndicatorVisible)
    }

    @Test(
        "Dates follow the time zone and locale given, not the machine's",
        arguments: [
            ("UTC", "Margaret - Mar 11, 2016 3:04 PM"),
            ("America/Denver", "Margaret - Mar 11, 2016 8:04 AM"),
            ("Asia/Tokyo", "Margaret - Mar 12, 2016 12:04 AM"),
        ])
    func dateFormatting(timeZone: String, detail: String) async throws {
        let zone = try #require(TimeZone(identifier: timeZone))
        let format = TimestampFormat(locale: Locale(identifier: "en_US_POSIX"), timeZone: zone)
        let post = Post(
            username: "Margaret", text: SeededPosts.newestText, timestamp: SeededPosts.newestTimestamp)
        #expect(PostCell.ViewModel(post, format: format, lastSeen: nil).detail == detail)
    }

    @Test("Showing the last row loads the next page; paging to the end shows every post once, in order")
    func pagingToTheEnd() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        let log = ScreenStateLog<LoadState>()
        feed.stateObserver = log.observer

        // A row that is not the last does not page.
        await feed.willDisplayRow(at: 0)
        #expect(log.states.isEmpty)

        var pages = 1
        while !feed.hasReachedEnd && pages < 10 {
            let before = feed.rows.count
            await feed.willDisplayRow(at: feed.rows.count - 1)
            #expect(feed.rows.count > before || feed.hasReachedEnd)
            pages += 1
        }
        #expect(feed.hasReachedEnd)
        #expect(log.states.count == 2 * (pages - 1))
        #expect(log.states.allSatisfy { $0 == .paging || $0 == .loaded })
        #expect(feed.rows.count == SeededPosts.count)
        #expect(Set(feed.rows.map(\.identifier)).count == SeededPosts.count)
        #expect(feed.rows.map(\.timestamp) == feed.rows.map(\.timestamp).sorted(by: >))
        #expect(feed.rows.last?.text == "Just figured out the global feed (post 1 of the seed).")
        #expect(feed.skipped.count >= 1)

        // At the end, the last row asks for nothing more.
        log.clear()
        await feed.willDisplayRow(at: feed.rows.count - 1)
        #expect(log.states.isEmpty)
    }

    @Test("Pull to refresh keeps the rows while refreshing, then shows the newest page again")
    func pullToRefresh() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        await feed.loadNextPage()
        let paged = feed.rows.count
        var rowsWhileRefreshing: Int?
        let log = ScreenStateLog<LoadState>()
        feed.stateObserver = { state in
            log.observer(state)
            if state == .refreshing { rowsWhileRefreshing = feed.rows.count }
        }

        await feed.refresh()

        #expect(log.states == [.refreshing, .loaded])
        #expect(rowsWhileRefreshing == paged)
        #expect(feed.rows.count < paged)
        #expect(feed.rows.first?.text == SeededPosts.newestText)
        #expect(!feed.hasReachedEnd)
    }

    @Test("The network-activity flag is up exactly while a request is in flight")
    func networkActivity() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        fixture.sandbox.faults.setLatency(.milliseconds(300))
        #expect(!feed.isNetworkActivityIndicatorVisible)
        let loading = Task { await feed.load() }
        try await PostFeedFixture.waitUntil("the flag") { feed.isNetworkActivityIndicatorVisible }
        #expect(feed.state == .loading)
        await loading.value
        #expect(!feed.isNetworkActivityIndicatorVisible)
        #expect(feed.state == .loaded)
    }

    @Test("A page that fails shows the error in an alert; trying again loads it")
    func loadFailure() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        let log = ScreenStateLog<LoadState>()
        feed.stateObserver = log.observer
        try fixture.fail("/posts.json", status: 500)

        await feed.load()

        #expect(log.states == [.loading, .failed])
        #expect(feed.rows.isEmpty)
        let error = try #require(feed.error)
        #expect(error.status == 500)
        #expect(feed.alert == AlertViewModel(title: "Error Fetching Posts", message: error.description))
        #expect(!feed.isNetworkActivityIndicatorVisible)

        // With no page yet there is no last row to page from.
        await feed.loadNextPage()
        #expect(log.states == [.loading, .failed])

        feed.dismissAlert()
        log.clear()
        await feed.load()
        #expect(log.states == [.loading, .loaded])
        #expect(feed.alert == nil)
        #expect(feed.rows.first?.text == SeededPosts.newestText)
    }

    @Test("A next page that fails keeps the rows; showing the last row again retries it")
    func pagingFailure() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        let firstPage = feed.rows
        let log = ScreenStateLog<LoadState>()
        feed.stateObserver = log.observer
        try fixture.sandbox.faults.inject(Fault(path: "/posts.json", action: .dropConnection))

        await feed.willDisplayRow(at: feed.rows.count - 1)

        #expect(log.states == [.paging, .failed])
        #expect(feed.rows == firstPage)
        #expect(
            feed.alert
                == AlertViewModel(
                    title: "Error Fetching Posts", message: "The connection was lost before the response was complete.")
        )

        feed.dismissAlert()
        await feed.willDisplayRow(at: feed.rows.count - 1)
        #expect(log.states == [.paging, .failed, .paging, .loaded])
        #expect(feed.rows.count > firstPage.count)
        #expect(Array(feed.rows.prefix(firstPage.count)) == firstPage)
    }

    @Test("Only one alert at a time: a second failure does not replace the first")
    func oneAlertAtATime() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        try fixture.fail("/posts.json", status: 500, count: 2)
        await feed.load()
        let first = feed.alert
        fixture.sandbox.faults.reset()
        try fixture.sandbox.faults.inject(Fault(path: "/posts.json", action: .dropConnection))
        await feed.refresh()
        #expect(feed.alert == first)
        #expect(feed.error?.description == NetworkError.connectionLost.description)
    }

    @Test("Posts newer than the last seen are cued as new; the first visit cues nothing")
    func newCue() async throws {
        let fixture = try await PostFeedFixture.make()
        let returning = PostFeedViewModel(
            client: fixture.feedClient(), format: PostFeedFixture.format, lastSeen: SeededPosts.post38Timestamp)
        await returning.load()
        #expect(returning.rows.filter { $0.isNew }.map(\.text).count == 2)
        #expect(returning.rows.prefix(2).allSatisfy { $0.isNew })
        #expect(!returning.rows.dropFirst(2).contains { $0.isNew })
        returning.markAllAsSeen()
        #expect(!returning.rows.contains { $0.isNew })
        #expect(returning.lastSeen == SeededPosts.newestTimestamp)

        let firstVisit = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await firstVisit.load()
        #expect(!firstVisit.rows.contains { $0.isNew })
        #expect(firstVisit.lastSeen == SeededPosts.newestTimestamp)
    }

    @Test("Live updates: another user's post appears at the top, cued as new")
    func liveUpdates() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        let live = Task { await feed.observeLiveUpdates() }
        defer { live.cancel() }
        try await PostFeedFixture.waitUntil("the stream") {
            await fixture.sandbox.firebase.subscriptionCount(namespace: PostFeedClient.sandboxNamespace) > 0
        }

        let elsewhere = try await fixture.feedClient().addPost(username: "Grace", text: "Live from elsewhere")

        try await PostFeedFixture.waitUntil("the live post") { feed.rows.first?.identifier == elsewhere.identifier }
        let row = try #require(feed.rows.first)
        #expect(row.text == "Live from elsewhere")
        #expect(row.detail.hasPrefix("Grace - "))
        #expect(row.isNew)
        #expect(Set(feed.rows.map(\.identifier)).count == feed.rows.count)
        live.cancel()
        await live.value
        #expect(feed.alert == nil)
    }

    @Test("Reporting hides the post now and after a restart, and records the report")
    func report() async throws {
        let fixture = try await PostFeedFixture.make()
        let store = HiddenPostStore(fileURL: PostFeedFixture.temporaryFile("hidden.json"))
        let feed = PostFeedViewModel(client: fixture.feedClient(hiddenPosts: store), format: PostFeedFixture.format)
        await feed.load()
        let reported = try #require(feed.rows.first)

        #expect(await feed.report(reported, reason: "Spam"))

        #expect(!feed.rows.contains { $0.identifier == reported.identifier })
        #expect(feed.alert == nil)
        let reports = try await fixture.sandbox.firebase.value(
            at: "reports/\(reported.identifier.uuidString)", namespace: PostFeedClient.sandboxNamespace)
        #expect(reports.objectValue?.values.first?["reason"]?.stringValue == "Spam")

        let afterRestart = PostFeedViewModel(
            client: fixture.feedClient(hiddenPosts: store), format: PostFeedFixture.format)
        await afterRestart.load()
        #expect(!afterRestart.rows.contains { $0.identifier == reported.identifier })
    }

    @Test("A report that cannot be sent still hides the post, and says so")
    func reportFailure() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        let reported = try #require(feed.rows.first)
        try fixture.fail("/reports/*", method: "PUT", status: 500)

        #expect(await feed.report(reported, reason: "Spam") == false)

        #expect(!feed.rows.contains { $0.identifier == reported.identifier })
        #expect(feed.alert?.title == "Report Not Sent")
        #expect(feed.error?.status == 500)
    }

    @Test("Hiding without reporting removes the row and sends nothing")
    func hide() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        let hidden = try #require(feed.rows.dropFirst().first)
        await fixture.sandbox.requests.clear()

        await feed.hide(hidden)

        #expect(!feed.rows.contains { $0.identifier == hidden.identifier })
        #expect(await fixture.sandbox.requests.all.isEmpty)
    }
}
