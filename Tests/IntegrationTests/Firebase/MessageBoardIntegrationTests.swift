import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import Sandbox
import SandboxServer
import Testing

/// Lesson 3's board over real HTTP.
@Suite("Message Board over HTTP", .timeLimit(.minutes(10)))
struct MessageBoardIntegrationTests {
    @Test("The seeded thread, a new thread and message, and a live message from another user")
    func board() async throws {
        try await FirebaseTestServer.run { server in
            let board = MessageBoardClient(
                firebase: FirebaseTestServer.client(of: server, namespace: MessageBoardClient.sandboxNamespace))
            let seeded = try await board.fetchMessageThreads()
            #expect(seeded.threads.map(\.title) == ["REST APIs"])

            var thread = try await board.createMessageThread(title: "Over HTTP")
            thread = try await board.createMessage(in: thread, text: "Hello", sender: "Ada")
            let fetched = try await board.fetchMessageThreads()
            #expect(fetched.threads.map(\.title) == ["Over HTTP", "REST APIs"])
            #expect(fetched.thread(withIdentifier: thread.identifier)?.messages.map(\.text) == ["Hello"])

            var updates = board.messageUpdates(in: thread).makeAsyncIterator()
            #expect(try await updates.next()?.messages.map(\.text) == ["Hello"])
            let other = MessageBoardClient(
                firebase: FirebaseTestServer.client(of: server, namespace: MessageBoardClient.sandboxNamespace))
            _ = try await other.createMessage(in: thread, text: "Hi back", sender: "Grace")
            #expect(try await updates.next()?.messages.map(\.text) == ["Hello", "Hi back"])
        }
    }
}
