import Foundation
import MessageBoardClient
import Models
import Networking
import Sandbox
import Testing

@testable import ViewModels

@MainActor
@Suite("Message Board thread and composer", .timeLimit(.minutes(10)))
struct MessageBoardThreadTests {
    /// The board, loaded, and the seeded thread's screen.
    private func seededThread(
        _ fixture: PostFeedFixture, names: SenderNameStore = SenderNameStore()
    ) async throws -> (MessageThreadsViewModel, MessageThreadDetailViewModel) {
        let board = MessageThreadsViewModel(
            client: fixture.boardClient(), format: PostFeedFixture.format, senderNames: names)
        await board.load()
        let row = try #require(board.rows.first)
        let thread = try #require(board.thread(for: row))
        return (board, board.makeDetail(for: thread))
    }

    @Test("A thread shows its messages as text and sender")
    func messages() async throws {
        let fixture = try await PostFeedFixture.make()
        let (_, detail) = try await seededThread(fixture)
        #expect(detail.title == "REST APIs")
        #expect(detail.state == .loaded)
        let row = try #require(detail.rows.first)
        #expect(row.text == "This is a test to make sure the API works!")
        #expect(row.sender == "Spencer")
        #expect(row.dateFormatted == "Aug 8, 2018 7:24 AM")
    }

    @Test("Messages are chronological whatever order they were stored in")
    func chronological() async throws {
        let fixture = try await PostFeedFixture.make()
        let client = fixture.boardClient()
        let thread = try await client.createMessageThread(title: "Order")
        for (text, secondsSince2001) in [("third", 3.0), ("first", 1.0), ("second", 2.0)] {
            let message: JSON = [
                "text": .string(text), "sender": "Ada", "timestamp": .number(600_000_000 + secondsSince2001),
            ]
            try await fixture.sandbox.firebase.setValue(
                message, at: "\(thread.identifier)/messages/m\(Int(secondsSince2001))",
                namespace: MessageBoardClient.sandboxNamespace)
        }
        let detail = MessageThreadDetailViewModel(client: client, thread: thread, format: PostFeedFixture.format)
        await detail.refresh()
        #expect(detail.rows.map(\.text) == ["first", "second", "third"])
    }

    @Test("The composer's texts are the lesson's")
    func composerTexts() async throws {
        let fixture = try await PostFeedFixture.make()
        let (_, detail) = try await seededThread(fixture)
        let composer = detail.makeComposer()
        #expect(composer.namePlaceholder == "Enter your name:")
        #expect(composer.sendButtonTitle == "Send")
        #expect(composer.name.isEmpty)
        #expect(composer.state == .editing)
        #expect(!composer.isFinished)
    }

    @Test("Send posts the message, returns to the thread, which shows it last, and the list follows")
    func send() async throws {
        let fixture = try await PostFeedFixture.make()
        let (board, detail) = try await seededThread(fixture)
        let composer = detail.makeComposer()
        let log = ScreenStateLog<SubmitState>()
        composer.stateObserver = log.observer
        composer.name = "Ada"
        composer.text = "PUT replaces, POST adds"

        #expect(await composer.send())

        #expect(log.states == [.submitting, .submitted])
        #expect(composer.isFinished)
        #expect(detail.rows.map(\.text) == ["This is a test to make sure the API works!", "PUT replaces, POST adds"])
        #expect(detail.rows.last?.sender == "Ada")
        #expect(board.rows.first?.detail == "2 messages")
        #expect(await fixture.sandbox.requests.matching("/*/messages.json", method: "POST").count == 1)

        // Read back from the server, it is there too.
        let again = MessageThreadsViewModel(client: fixture.boardClient())
        await again.load()
        #expect(again.rows.first?.messageCount == 2)
    }

    @Test("The composer remembers the name, across composers and across launches")
    func remembersName() async throws {
        let fixture = try await PostFeedFixture.make()
        let file = PostFeedFixture.temporaryFile("sender-name.txt")
        let names = SenderNameStore(fileURL: file)
        let (_, detail) = try await seededThread(fixture, names: names)
        let first = detail.makeComposer()
        first.name = "Grace"
        first.text = "One"
        #expect(await first.send())

        let second = detail.makeComposer()
        #expect(second.name == "Grace")
        #expect(second.text.isEmpty)
        #expect(SenderNameStore(fileURL: file).name == "Grace")
    }

    @Test("A missing name or message asks for it and sends nothing", arguments: [("", "Hi"), ("Ada", "  ")])
    func missingInformation(name: String, text: String) async throws {
        let fixture = try await PostFeedFixture.make()
        let (_, detail) = try await seededThread(fixture)
        await fixture.sandbox.requests.clear()
        let composer = detail.makeComposer()
        composer.name = name
        composer.text = text

        #expect(await composer.send() == false)

        #expect(composer.state == .failed)
        #expect(
            composer.alert
                == AlertViewModel(
                    title: "Missing Information", message: "Enter your name and a message to send."))
        #expect(await fixture.sandbox.requests.all.isEmpty)
        #expect(!composer.isFinished)
    }

    @Test("A message that cannot be sent is not retried, stays typed, and says why")
    func sendFailure() async throws {
        let fixture = try await PostFeedFixture.make()
        let board = MessageThreadsViewModel(client: fixture.boardClient(retries: 3), format: PostFeedFixture.format)
        await board.load()
        let thread = try #require(board.board.threads.first)
        let detail = board.makeDetail(for: thread)
        let composer = detail.makeComposer()
        let log = ScreenStateLog<SubmitState>()
        composer.stateObserver = log.observer
        composer.name = "Ada"
        composer.text = "Lost?"
        try fixture.fail("/*/messages.json", method: "POST", status: 503, count: 3)

        #expect(await composer.send() == false)

        #expect(log.states == [.submitting, .failed])
        #expect(composer.alert?.title == "Message Not Sent")
        #expect(composer.alert?.message == composer.error?.description)
        #expect(composer.error?.status == 503)
        #expect(await fixture.sandbox.requests.matching("/*/messages.json", method: "POST").count == 1)
        #expect(composer.text == "Lost?")
        #expect(detail.rows.count == 1)
    }

    @Test("Refreshing a thread shows what others sent; a failed refresh keeps the rows")
    func refresh() async throws {
        let fixture = try await PostFeedFixture.make()
        let (_, detail) = try await seededThread(fixture)
        let log = ScreenStateLog<LoadState>()
        detail.stateObserver = log.observer
        _ = try await fixture.boardClient().createMessage(in: detail.thread, text: "From elsewhere", sender: "Linus")

        await detail.refresh()
        #expect(log.states == [.refreshing, .loaded])
        #expect(detail.rows.last?.text == "From elsewhere")

        try fixture.fail("/.json", method: "GET", status: 500)
        await detail.refresh()
        #expect(log.states == [.refreshing, .loaded, .refreshing, .failed])
        #expect(detail.rows.count == 2)
        #expect(detail.alert?.title == "Error Fetching Messages")
    }

    @Test("A thread followed live shows messages as others send them")
    func live() async throws {
        let fixture = try await PostFeedFixture.make()
        let (board, detail) = try await seededThread(fixture)
        let live = Task { await detail.observeMessages() }
        defer { live.cancel() }
        try await PostFeedFixture.waitUntil("the stream") {
            await fixture.sandbox.firebase.subscriptionCount(namespace: MessageBoardClient.sandboxNamespace) > 0
        }

        _ = try await fixture.boardClient().createMessage(in: detail.thread, text: "Live", sender: "Grace")

        try await PostFeedFixture.waitUntil("the live message") { detail.rows.last?.text == "Live" }
        #expect(detail.rows.last?.sender == "Grace")
        #expect(board.rows.first?.detail == "2 messages")
        live.cancel()
        await live.value
        #expect(detail.alert == nil)
    }
}
