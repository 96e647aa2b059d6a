import Foundation
import HTTPTestServer
import Sandbox
import SandboxServer
import Testing

@Suite("message-board example", .serialized, .timeLimit(.minutes(10)))
struct MessageBoardExampleTests {
    private func board(
        _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> ExampleProcess.Result {
        try await ExampleProcess.run(
            "message-board", arguments + FirebaseExampleRuns.fixedDates, environment: environment)
    }

    @Test("--help describes every command", arguments: [[], ["threads"], ["create-thread"], ["show"], ["send"]])
    func help(command: [String]) async throws {
        let run = try await ExampleProcess.run("message-board", command + ["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: message-board"))
        #expect(run.standardOutput.contains("--base-url"))
    }

    @Test("On its embedded sandbox, threads shows `λ Message Board` and the lesson's thread")
    func threadsEmbedded() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("board-data")
        let run = try await board(["--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                λ Message Board

                Thread     Messages   ID
                ─────────  ─────────  ────────
                REST APIs  1 message  695398C4

                """)
        #expect(run.standardError.contains("Sandbox on http://127.0.0.1:"))
    }

    @Test("A thread created in one run is listed by the next with the same data directory; --reset forgets it")
    func persistence() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("board-data")
        let create = try await board(["create-thread", "Persisted thread", "--data-dir", data.path])
        #expect(create.status == 0, "\(create.standardError)")
        #expect(create.standardOutput.hasPrefix("Created \"Persisted thread\" ("))

        let next = try await board(["threads", "--json", "--data-dir", data.path])
        #expect(next.status == 0, "\(next.standardError)")
        let document = try FirebaseExampleRuns.object(next.standardOutput)
        #expect(document["title"] as? String == "λ Message Board")
        let titles = (document["threads"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Persisted thread", "REST APIs"])

        let reset = try await board(["threads", "--reset", "--data-dir", data.path])
        #expect(reset.status == 0, "\(reset.standardError)")
        #expect(!reset.standardOutput.contains("Persisted thread"))
    }

    @Test("send posts to the thread, shows it, and remembers the name for the next send")
    func sendRemembersName() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("board-data")
        let first = try await board([
            "send", "REST APIs", "--name", "Ada", "--text", "PUT or POST?", "--data-dir", data.path,
        ])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("REST APIs\n\nMessage"))
        #expect(first.standardOutput.contains("PUT or POST?"))

        let second = try await board(["send", "695398c4", "--text", "POST adds.", "--json", "--data-dir", data.path])
        #expect(second.status == 0, "\(second.standardError)")
        let thread = try FirebaseExampleRuns.object(second.standardOutput)
        let messages = try #require(thread["messages"] as? [[String: Any]])
        #expect(
            messages.compactMap { $0["text"] as? String } == [
                "This is a test to make sure the API works!", "PUT or POST?", "POST adds.",
            ])
        #expect(messages.compactMap { $0["sender"] as? String } == ["Spencer", "Ada", "Ada"])
        #expect(messages.first?["dateFormatted"] as? String == "Aug 8, 2018 7:24 AM")

        let show = try await board(["show", "rest apis", "--data-dir", data.path])
        #expect(show.status == 0)
        let rows = show.standardOutput.split(separator: "\n").map(String.init)
        // The title, the table's heading and rule, then the messages, oldest first.
        #expect(rows.count == 6)
        #expect(rows[3].hasPrefix("This is a test to make sure the API works!  Spencer"))
        #expect(rows[4].hasPrefix("PUT or POST?"))
        #expect(rows[5].hasPrefix("POST adds."))
    }

    @Test("Sending with no name asks for one, status 1, and sends nothing")
    func sendWithoutName() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("board-data")
        let run = try await board(["send", "REST APIs", "--text", "Who am I?", "--data-dir", data.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError.hasSuffix("error: Missing Information: Enter your name and a message to send.\n"))
        let show = try await board(["show", "REST APIs", "--data-dir", data.path])
        #expect(!show.standardOutput.contains("Who am I?"))
    }

    @Test("An unknown thread is a clear failure")
    func unknownThread() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("board-data")
        let run = try await board(["show", "No such thread", "--data-dir", data.path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("error: No thread is titled \"No such thread\" or has that id"))
    }

    @Test("--base-url uses a separately started server")
    func baseURL() async throws {
        let (create, stored) = try await ExampleSandboxServer.withServer { server in
            let url = server.baseURL.absoluteString
            let create = try await board(["create-thread", "Over HTTP", "--base-url", url, "--json"])
            #expect(create.status == 0, "\(create.standardError)")
            let document = try FirebaseExampleRuns.object(create.standardOutput)
            let created = try #require(document["created"] as? [String: Any])
            let identifier = try #require(created["identifier"] as? String)
            let send = try await board(["send", "Over HTTP", "--name", "Grace", "--text", "Hello", "--base-url", url])
            #expect(send.status == 0, "\(send.standardError)")
            let stored = try await server.sandbox.firebase.value(at: identifier, namespace: "lambda-message-board")
            return (create, stored)
        }
        #expect(stored["title"]?.stringValue == "Over HTTP")
        #expect(stored["messages"]?.objectValue?.values.first?["sender"]?.stringValue == "Grace")
        #expect(!create.standardError.contains("Sandbox on"))
    }

    @Test("A server that is down is one clear line and status 1")
    func serverDown() async throws {
        try await ReservedPort.hold { down in
            let url = down.baseURL.absoluteString
            let run = try await board(["threads", "--base-url", url])
            #expect(run.status == 1)
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.hasPrefix("error: Error Fetching Threads: Could not connect to 127.0.0.1:"))
            #expect(run.standardError.split(separator: "\n").count == 1)
        }
    }

    @Test("Credentials the server refuses are one clear line, and never printed")
    func badCredentials() async throws {
        let secret = "right-secret-\(UUID().uuidString)"
        let server = try await FirebaseExampleRuns.startLockedServer(secret: secret)
        let url = server.baseURL.absoluteString
        let wrong = "wrong-secret-\(UUID().uuidString)"
        let missing = try await board(["threads", "--base-url", url])
        let refused = try await board(
            ["create-thread", "Nope", "--base-url", url], environment: ["FIREBASE_AUTH": wrong])
        let accepted = try await board(["threads", "--base-url", url], environment: ["FIREBASE_AUTH": secret])
        await server.stop()
        // Without a credential the locked rules refuse; a wrong one is no token at all.
        for (run, message) in [(missing, "Permission denied"), (refused, "Could not parse auth token.")] {
            #expect(run.status == 1)
            #expect(run.standardError.hasPrefix("error: Error Fetching Threads: "))
            #expect(run.standardError.contains(message))
            #expect(run.standardError.split(separator: "\n").count == 1)
        }
        #expect(!(refused.standardOutput + refused.standardError).contains(wrong))
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(accepted.standardOutput.contains("REST APIs"))
        #expect(!(accepted.standardOutput + accepted.standardError).contains(secret))
    }
}
