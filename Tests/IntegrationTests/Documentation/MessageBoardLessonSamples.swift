import FirebaseAuthClient
import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import Sandbox
import Testing

/// The code of the Message Board lesson's guide, run against the in-process Sandbox.
@Suite("Documentation: lesson 3, the Message Board")
struct MessageBoardLessonSamples: DocumentationSample {
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
                print(current.messages.map(\.sender))  // ["Ada"] — then again whenever anyone writes
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

extension MessageBoardLessonSamples {
    @Test("Securing the board: two users and an anonymous caller against the guide's rules")
    func securing() async throws {
        let sandbox = try await Sandbox()
        let rules = try DocumentationFiles.text("Examples/Rules/message-board.rules.json")
        // The article shows the rules file as it is.
        let article = try DocumentationFiles.text("Docs/NetworkingLessons.docc/MessageBoardLesson.md")
        #expect(article.contains("```json\n" + rules.trimmingCharacters(in: .newlines) + "\n```"))
        let printed = try await Printed.capture {
            // snippet: message-board-lesson-rules
            let admin = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: "lambda-message-board", credentials: .accessToken("owner"),
                transport: SandboxTransport(sandbox))
            try await admin.setRules(rules)

            // Ada and Bob sign up with the Sandbox's Authentication emulator.
            let auth = FirebaseAuthClient(
                apiKey: "any", endpoints: .emulator(Sandbox.baseURL), transport: SandboxTransport(sandbox))
            func board(signedUp email: String?, name: String = "") async throws -> MessageBoardClient {
                let firebase = FirebaseClient(
                    databaseURL: Sandbox.baseURL, namespace: "lambda-message-board",
                    transport: SandboxTransport(sandbox))
                guard let email else { return MessageBoardClient(firebase: firebase) }
                let session = FirebaseAuthSession(auth: auth)
                try await session.signUp(email: email, password: "correct horse", displayName: name)
                return MessageBoardClient(firebase: firebase.signedIn(with: session))
            }
            let ada = try await board(signedUp: "ada@example.com", name: "Ada")
            let bob = try await board(signedUp: "bob@example.com", name: "Bob")
            let anonymous = try await board(signedUp: nil)

            let thread = try await ada.createMessageThread(title: "Rules")
            _ = try await bob.createMessage(in: thread, text: "Signed by me", sender: "Bob")
            print(
                try await anonymous.fetchMessageThreads().thread(withIdentifier: thread.identifier)?.messages.count ?? 0
            )  // 1
            do {
                _ = try await bob.createMessage(in: thread, text: "Signed by Ada", sender: "Ada")
            } catch NetworkError.forbidden(let failure) {
                print(failure.message?.message ?? "")  // Permission denied — Bob is signed in; the rules refuse him
            }
            do {
                _ = try await anonymous.createMessageThread(title: "Spam")
            } catch NetworkError.unauthenticated(let failure) {
                print(failure.message?.message ?? "")  // Permission denied — signed out; signing in may help
            }
            // end snippet
        }
        #expect(printed == ["1", "Permission denied", "Permission denied"])
    }
}
