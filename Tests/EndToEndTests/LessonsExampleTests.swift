import Foundation
import HTTPTestServer
import Sandbox
import SandboxServer
import Testing

@Suite("lessons runner", .serialized, .timeLimit(.minutes(10)))
struct LessonsExampleTests {
    @Test("--help names every lesson")
    func help() async throws {
        let run = try await ExampleProcess.run("lessons", ["--help"])
        #expect(run.status == 0)
        for name in ["airtable-projects", "post-feed", "message-board", "bankey", "soogreyhounds", "--only"] {
            #expect(run.standardOutput.contains(name))
        }
    }

    @Test("It runs the Post feed and Message Board flows on one embedded sandbox, under a heading each")
    func postFeedAndMessageBoard() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("lessons-data")
        let run = try await ExampleProcess.run(
            "lessons", ["--only", "2", "--only", "message-board", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let output = run.standardOutput
        let postHeading = try #require(output.range(of: "━━ Lesson 2 · Post feed ━━"))
        let boardHeading = try #require(output.range(of: "━━ Lesson 3 · λ Message Board ━━"))
        #expect(postHeading.lowerBound < boardHeading.lowerBound)
        #expect(!output.contains("Lesson 1 ·") && !output.contains("Lesson 4 ·"))
        #expect(output.contains("$ post-feed list --pages 1\n"))
        #expect(output.contains("Finally understand closures (post 40 of the seed)."))
        #expect(output.contains("$ post-feed add --name 'Lessons runner' --text 'Hello from the lessons run at "))
        #expect(output.contains("Lessons runner - "))
        #expect(output.contains("$ message-board create-thread 'Lessons run "))
        #expect(output.contains("PUT made this thread; POST added this."))
        #expect(output.contains("$ post-feed add --name 'Signed-in runner' --text 'Signed in for the run at "))
        #expect(output.contains("Signed-in runner - "))
        #expect(output.contains("5 of 5 steps passed."))
        // One sandbox: started once, by the runner.
        #expect(run.standardError.components(separatedBy: "Sandbox on http://127.0.0.1:").count == 2)

        // The thread it made is in the data directory for the next run.
        let threads = try await ExampleProcess.run("message-board", ["--data-dir", data.path, "--json"])
        let before = try FirebaseExampleRuns.object(threads.standardOutput)["threads"] as? [[String: Any]]
        #expect(before?.count == 2)

        // --reset starts the sandbox and the examples' own state again.
        let again = try await ExampleProcess.run("lessons", ["--only", "3", "--reset", "--data-dir", data.path])
        #expect(again.status == 0, "\(again.standardError)")
        let after = try await ExampleProcess.run("message-board", ["--data-dir", data.path, "--json"])
        let titles = (try FirebaseExampleRuns.object(after.standardOutput)["threads"] as? [[String: Any]])?
            .compactMap { $0["title"] as? String }
        #expect(titles?.count == 2)
        #expect(titles?.last == "REST APIs")
    }

    @Test("--base-url runs the lessons against a separately started server")
    func baseURL() async throws {
        let (run, posts, board) = try await ExampleSandboxServer.withServer { server in
            let run = try await ExampleProcess.run(
                "lessons", ["--only", "post-feed", "--only", "3", "--base-url", server.baseURL.absoluteString])
            let posts = try await server.sandbox.firebase.value(at: "posts", namespace: "devmtn-post")
            let board = try await server.sandbox.firebase.value(at: "", namespace: "lambda-message-board")
            return (run, posts, board)
        }
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("Sandbox on"))
        #expect(posts.objectValue?.values.contains { $0["username"]?.stringValue == "Lessons runner" } == true)
        #expect(posts.objectValue?.values.contains { $0["username"]?.stringValue == "Signed-in runner" } == true)
        #expect(board.objectValue?.count == 2)
    }

    @Test("--json gathers each step's own JSON")
    func json() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("lessons-data")
        let run = try await ExampleProcess.run("lessons", ["--only", "3", "--json", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try FirebaseExampleRuns.object(run.standardOutput)
        #expect(document["passed"] as? Bool == true)
        let lessons = try #require(document["lessons"] as? [[String: Any]])
        #expect(lessons.count == 1)
        let steps = try #require(lessons.first?["steps"] as? [[String: Any]])
        #expect(steps.count == 2)
        let sent = try #require(steps.last?["output"] as? [String: Any])
        #expect((sent["messages"] as? [[String: Any]])?.first?["sender"] as? String == "Lessons runner")
        #expect(run.standardError.contains("━━ Lesson 3 · λ Message Board"))
    }

    @Test("A server that is down fails every step with its own line, and the run exits 1")
    func serverDown() async throws {
        try await ReservedPort.hold { down in
            let url = down.baseURL.absoluteString
            let run = try await ExampleProcess.run("lessons", ["--only", "2", "--only", "3", "--base-url", url])
            #expect(run.status == 1)
            #expect(run.standardError.contains("error: Error Fetching Posts: Could not connect to 127.0.0.1:"))
            #expect(run.standardError.contains("error: Error Fetching Threads: Could not connect to 127.0.0.1:"))
            let last = run.standardError.split(separator: "\n").last.map(String.init) ?? ""
            #expect(
                last
                    == "error: 5 of 5 steps failed: post-feed list, post-feed add, post-feed add, message-board create-thread, "
                    + "message-board send"
            )
            #expect(run.standardOutput.contains("0 of 5 steps passed."))
        }
    }

    @Test("Refused credentials fail the steps without printing them")
    func badCredentials() async throws {
        let secret = "right-secret-\(UUID().uuidString)"
        let server = try await FirebaseExampleRuns.startLockedServer(secret: secret)
        let wrong = "wrong-secret-\(UUID().uuidString)"
        let refused = try await ExampleProcess.run(
            "lessons", ["--only", "2", "--base-url", server.baseURL.absoluteString],
            environment: ["FIREBASE_AUTH": wrong])
        let accepted = try await ExampleProcess.run(
            "lessons", ["--only", "2", "--base-url", server.baseURL.absoluteString],
            environment: ["FIREBASE_AUTH": secret])
        await server.stop()
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("Could not parse auth token."))
        #expect(!(refused.standardOutput + refused.standardError).contains(wrong))
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(!(accepted.standardOutput + accepted.standardError).contains(secret))
    }

    @Test("An unknown lesson is a usage error")
    func unknownLesson() async throws {
        let run = try await ExampleProcess.run("lessons", ["--only", "6"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("Unknown lesson \"6\""))
    }

    @Test("All five lessons run in order on one embedded sandbox")
    func allFive() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("lessons-data")
        let run = try await ExampleProcess.run("lessons", ["--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let headings = [
            "━━ Lesson 1 · Airtable projects", "━━ Lesson 2 · Post feed", "━━ Lesson 3 · λ Message Board",
            "━━ Lesson 4 · Bankey", "━━ Lesson 5 · SooGreyhounds", "━━ Summary",
        ]
        let positions = headings.compactMap { run.standardOutput.range(of: $0)?.lowerBound }
        #expect(positions.count == headings.count)
        #expect(positions == positions.sorted())
        #expect(run.standardOutput.contains("11 of 11 steps passed."))
        #expect(run.standardOutput.contains("as photo 100001, now among the latest photos"))
    }
}
