import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import Sandbox
import Testing

@Suite("Message Board", .timeLimit(.minutes(10)))
struct MessageBoardClientTests {
    /// A sandbox and a board client for the seeded namespace (or a new one).
    private func make(seeded: Bool = true) async throws -> (Sandbox, MessageBoardClient) {
        let sandbox = try await Sandbox()
        return (
            sandbox,
            Self.client(for: sandbox, namespace: seeded ? MessageBoardClient.sandboxNamespace : "board-\(UUID())")
        )
    }

    private static func client(for sandbox: Sandbox, namespace: String) -> MessageBoardClient {
        MessageBoardClient(
            firebase: FirebaseClient(
                configuration: FirebaseClient.Configuration(
                    databaseURL: Sandbox.baseURL, namespace: namespace,
                    streaming: FirebaseStreamPolicy(baseDelay: .milliseconds(10), maxDelay: .milliseconds(50))),
                transport: SandboxTransport(sandbox),
                retryPolicy: RetryPolicy(maxAttempts: 3, clock: RetryClock(now: { Date() }, sleep: { _ in }))
            )
        )
    }

    @Test("fetchMessageThreads reads the lesson's seeded thread and its push-id keyed messages")
    func seededBoard() async throws {
        let (_, board) = try await make()
        let threads = try await board.fetchMessageThreads()
        let thread = try #require(threads.thread(withIdentifier: "695398C4-498C-40A8-AA76-CB2B20DFD9FA"))
        #expect(thread.title == "REST APIs")
        #expect(thread.messages.map(\.sender) == ["Spencer"])
        #expect(threads.skipped.isEmpty)
    }

    @Test("createMessageThread PUTs to <uuid>.json; createMessage POSTs to <thread>/messages.json")
    func createThreadAndMessages() async throws {
        let (sandbox, board) = try await make(seeded: false)
        var thread = try await board.createMessageThread(title: "PUT vs POST")
        thread = try await board.createMessage(in: thread, text: "First", sender: "Ada")
        thread = try await board.createMessage(in: thread, text: "Second", sender: "Grace")
        #expect(thread.messages.map(\.text) == ["First", "Second"])

        #expect(await sandbox.requests.matching("/*.json", method: "PUT").map(\.path) == ["/\(thread.identifier).json"])
        #expect(
            await sandbox.requests.matching("/*", method: "POST").map(\.path)
                == Array(repeating: "/\(thread.identifier)/messages.json", count: 2))
        let fetched = try #require(try await board.fetchMessageThreads().thread(withIdentifier: thread.identifier))
        #expect(fetched.title == "PUT vs POST")
        #expect(fetched.messages.map(\.text) == ["First", "Second"])
        let keys = try await board.firebase.childKeys(of: "\(thread.identifier)/messages")
        #expect(keys.count == 2 && keys.allSatisfy { FirebasePushIDGenerator.date(of: $0) != nil })
    }

    @Test("Threads come sorted by title and messages by time")
    func sorting() async throws {
        let (_, board) = try await make(seeded: false)
        let zebra = try await board.createMessageThread(title: "zebra")
        _ = try await board.createMessageThread(title: "Apple")
        _ = try await board.createMessageThread(title: "mango")
        let early = MessageThread.Message(text: "early", sender: "A", timestamp: Date(timeIntervalSince1970: 1000))
        let late = MessageThread.Message(text: "late", sender: "B", timestamp: Date(timeIntervalSince1970: 2000))
        _ = try await board.firebase.post(late, to: "\(zebra.identifier)/messages")
        _ = try await board.firebase.post(early, to: "\(zebra.identifier)/messages")
        let fetched = try await board.fetchMessageThreads()
        #expect(fetched.threads.map(\.title) == ["Apple", "mango", "zebra"])
        #expect(fetched.threads.last?.messages == [early, late])
    }

    @Test("A thread PUT retried after a 503 is stored once; a message POST is not retried")
    func retries() async throws {
        let (sandbox, board) = try await make(seeded: false)
        try sandbox.faults.inject(Fault(path: "/*.json", method: "PUT", status: 503))
        let thread = try await board.createMessageThread(title: "Retried")
        #expect(await sandbox.requests.matching("/*.json", method: "PUT").map(\.status) == [503, 204])
        #expect(try await board.fetchMessageThreads().threads.map(\.identifier) == [thread.identifier])

        try sandbox.faults.inject(Fault(path: "/*/messages.json", method: "POST", status: 503))
        await #expect(throws: NetworkError.self) {
            _ = try await board.createMessage(in: thread, text: "Maybe", sender: "Ada")
        }
        #expect(await sandbox.requests.matching("/*/messages.json", method: "POST").count == 1)
        #expect(try await board.fetchMessageThreads().threads.first?.messages.isEmpty == true)
    }

    @Test("A thread's messages stream live as another user posts them, in order")
    func liveMessages() async throws {
        let (sandbox, board) = try await make(seeded: false)
        let thread = try await board.createMessageThread(title: "Live")
        let other = Self.client(for: sandbox, namespace: try #require(board.firebase.configuration.namespace))
        var updates = board.messageUpdates(in: thread).makeAsyncIterator()
        #expect(try await updates.next()?.messages == [])
        var expected: [String] = []
        for index in 0..<20 {
            _ = try await other.createMessage(in: thread, text: "message \(index)", sender: "Grace")
            expected.append("message \(index)")
            let current = try #require(try await updates.next())
            #expect(current.messages.map(\.text) == expected)
        }
    }

    @Test("An empty database is an empty board")
    func emptyBoard() async throws {
        let (_, board) = try await make(seeded: false)
        #expect(try await board.fetchMessageThreads() == MessageBoard())
    }

    @Test(
        "Bad boards are clear NetworkErrors",
        arguments: [
            (#"{"a": {"title": "cut"#, "not valid JSON"),
            ("<html><title>Oops</title></html>", "not valid JSON"),
            (#"[{"title": "x", "identifier": "y"}]"#, "found an array"),
        ]
    )
    func badBoards(body: String, expected: String) async throws {
        let (sandbox, board) = try await make()
        try sandbox.faults.inject(Fault(path: "/.json", status: 200, body: Data(body.utf8)))
        do {
            _ = try await board.fetchMessageThreads()
            Issue.record("\(body) was accepted")
        } catch {
            #expect(error.isDecodingFailure)
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test("Malformed threads and messages are skipped and reported, the rest kept")
    func malformedEntries() async throws {
        let (_, board) = try await make(seeded: false)
        let good = try await board.createMessageThread(title: "Good")
        _ = try await board.createMessage(in: good, text: "fine", sender: "Ada")
        try await board.firebase.put(["sender": "Eve"] as JSON, at: "\(good.identifier)/messages/broken")
        try await board.firebase.put(["identifier": "no-title"] as JSON, at: "no-title")
        let fetched = try await board.fetchMessageThreads()
        #expect(fetched.threads.map(\.title) == ["Good"])
        #expect(fetched.threads.first?.messages.map(\.text) == ["fine"])
        #expect(Set(fetched.skipped.map(\.key)) == ["no-title", "\(good.identifier).messages.broken"])
    }
}
