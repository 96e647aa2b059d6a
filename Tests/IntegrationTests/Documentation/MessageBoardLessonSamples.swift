import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import Sandbox
import Testing

/// The code of the Message Board lesson's guide, run against the in-process Sandbox.
@Suite("Documentation: lesson 3, the Message Board")
struct MessageBoardLessonSamples {
    @Test("A thread by PUT, a message by POST, the board, live updates and a retry-safe message")
    func flow() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: message-board-lesson-flow
            let board = MessageBoardClient(
                firebase: FirebaseClient(
                    databaseURL: Sandbox.baseURL, namespace: "lambda-message-board",
                    transport: SandboxTransport(sandbox)))

            let thread = try await board.createMessageThread(title: "Swift Concurrency")  // PUT <uuid>.json
            let updated = try await board.createMessage(in: thread, text: "Actors!", sender: "Ada")  // POST
            let fetched = try await board.fetchMessageThreads()  // GET .json
            print(fetched.threads.map(\.title), updated.messages.map(\.text))
            // ["REST APIs", "Swift Concurrency"] ["Actors!"]
            // end snippet

            // snippet: message-board-lesson-updates
            for try await current in board.messageUpdates(in: thread) {
                print(current.messages.map(\.sender))  // ["Ada"], then again whenever anyone writes
                break  // a screen keeps listening until it goes away
            }
            // end snippet

            // snippet: message-board-lesson-push-id
            let firebase = board.firebase
            let message = MessageThread.Message(text: "Sent twice, stored once", sender: "Ada")
            let key = firebase.makePushID()
            try await firebase.put(message, at: "\(thread.identifier)/messages/\(key)")
            // end snippet
            try await firebase.put(message, at: "\(thread.identifier)/messages/\(key)")
            let stored = try await board.fetchMessageThreads().thread(withIdentifier: thread.identifier)
            #expect(stored?.messages.map(\.text) == ["Actors!", "Sent twice, stored once"])
        }
        #expect(printed == [#"["REST APIs", "Swift Concurrency"] ["Actors!"]"#, #"["Ada"]"#])
    }
}

/// Samples print as the articles show; the lines are captured and checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Printed.record(items, separator: separator)
}
