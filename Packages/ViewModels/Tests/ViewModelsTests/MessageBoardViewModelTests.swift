import Foundation
import MessageBoardClient
import Models
import Networking
import Sandbox
import Testing

@testable import ViewModels

@MainActor
@Suite("Message Board threads screen", .timeLimit(.minutes(10)))
struct MessageBoardViewModelTests {
    @Test("The title is `λ Message Board`, the real lambda, not the lesson file's double-encoded `Î»`")
    func title() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient())
        #expect(board.title == "λ Message Board")
        #expect(MessageThreadsViewModel.title == "\u{03BB} Message Board")
        #expect(!board.title.contains("Î"))
    }

    @Test("Loading shows the seeded thread")
    func load() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient(), format: PostFeedFixture.format)
        let log = ScreenStateLog<LoadState>()
        board.stateObserver = log.observer

        await board.load()

        #expect(log.states == [.loading, .loaded])
        #expect(board.rows.map(\.title) == ["REST APIs"])
        #expect(board.rows.first?.detail == "1 message")
        #expect(board.rows.first?.identifier == "695398C4-498C-40A8-AA76-CB2B20DFD9FA")
        #expect(board.alert == nil)
        #expect(!board.isNetworkActivityIndicatorVisible)
    }

    @Test("Threads created from the header field appear sorted by title, and the field empties")
    func createFromHeader() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient())
        await board.load()

        for title in ["zebra", "b thread", "A thread", "Thread 10", "Thread 9"] {
            board.newThreadTitle = title
            let thread = try #require(await board.createThread())
            #expect(thread.title == title)
            #expect(board.newThreadTitle.isEmpty)
        }

        let expected = ["A thread", "b thread", "REST APIs", "Thread 9", "Thread 10", "zebra"]
        #expect(board.rows.map(\.title) == expected)
        #expect(board.rows.filter { $0.title != "REST APIs" }.allSatisfy { $0.detail == "No messages" })
        #expect(await fixture.sandbox.requests.matching("/*.json", method: "PUT").count == 5)

        // Another screen reading the board sees the same, in the same order.
        let elsewhere = MessageThreadsViewModel(client: fixture.boardClient())
        await elsewhere.load()
        #expect(elsewhere.rows.map(\.title) == expected)
    }

    @Test("An empty header field asks for a title and sends nothing")
    func emptyTitle() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient())
        board.newThreadTitle = "   "
        #expect(await board.createThread() == nil)
        #expect(board.alert == AlertViewModel(title: "Missing Title", message: "Type a title for the new thread."))
        #expect(await fixture.sandbox.requests.all.isEmpty)
    }

    @Test("A board that cannot be fetched shows the error; refreshing after it recovers")
    func fetchFailure() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient())
        let log = ScreenStateLog<LoadState>()
        board.stateObserver = log.observer
        try fixture.fail("/.json", method: "GET", status: 503)

        await board.load()

        #expect(log.states == [.loading, .failed])
        let error = try #require(board.error)
        #expect(error.status == 503)
        #expect(board.alert == AlertViewModel(title: "Error Fetching Threads", message: error.description))
        #expect(board.rows.isEmpty)

        board.dismissAlert()
        await board.refresh()
        #expect(log.states == [.loading, .failed, .refreshing, .loaded])
        #expect(board.rows.map(\.title) == ["REST APIs"])
    }

    @Test("Refreshing keeps the rows on screen while the board is on its way")
    func refreshKeepsRows() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient())
        await board.load()
        var rowsWhileRefreshing: [MessageThreadCell.ViewModel] = []
        board.stateObserver = { state in
            if state == .refreshing { rowsWhileRefreshing = board.rows }
        }
        _ = try await fixture.boardClient().createMessageThread(title: "Elsewhere")

        await board.refresh()

        #expect(rowsWhileRefreshing.map(\.title) == ["REST APIs"])
        #expect(board.rows.map(\.title) == ["Elsewhere", "REST APIs"])
    }

    @Test("A thread that cannot be created shows the error and keeps the title typed")
    func createFailure() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient())
        await board.load()
        try fixture.fail("/*.json", method: "PUT", status: 500)
        board.newThreadTitle = "Doomed"

        #expect(await board.createThread() == nil)

        #expect(board.alert?.title == "Error Creating Thread")
        #expect(board.alert?.message == board.error?.description)
        #expect(board.newThreadTitle == "Doomed")
        #expect(board.rows.map(\.title) == ["REST APIs"])
        #expect(!board.isCreatingThread)
    }
}
