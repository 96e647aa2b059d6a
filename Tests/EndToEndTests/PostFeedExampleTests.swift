import Foundation
import HTTPTestServer
import Networking
import Sandbox
import SandboxServer
import Testing

/// Servers and runs shared by the Firebase examples' tests (post-feed,
/// message-board, lessons).
enum FirebaseExampleRuns {
    /// Dates the same on every machine.
    static let fixedDates = ["--time-zone", "UTC", "--locale", "en_US_POSIX"]

    /// A sandbox whose Firebase databases need `auth=<secret>`.
    static func startLockedServer(secret: String) async throws -> SandboxServer {
        var options = SandboxServerOptions()
        options.configuration.firebase.authSecret = secret
        return try await SandboxServer.start(options)
    }

    /// The JSON object an example printed.
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

@Suite("post-feed example", .serialized, .timeLimit(.minutes(10)))
struct PostFeedExampleTests {
    private func postFeed(
        _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> ExampleProcess.Result {
        try await ExampleProcess.run("post-feed", arguments + FirebaseExampleRuns.fixedDates, environment: environment)
    }

    @Test("--help describes every command", arguments: [[], ["list"], ["add"], ["report"], ["watch"]])
    func help(command: [String]) async throws {
        let run = try await ExampleProcess.run("post-feed", command + ["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: post-feed"))
        #expect(run.standardOutput.contains("--base-url"))
        if command.isEmpty {
            for subcommand in ["list", "add", "report", "watch"] {
                #expect(run.standardOutput.contains("  \(subcommand) "))
            }
        }
    }

    @Test("On its embedded sandbox, list shows the newest page as text and `username - date`")
    func listEmbedded() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("post-feed-data")
        let run = try await postFeed(["list", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID        Post") == true)
        #expect(lines.count == 2 + 14 + 1)
        #expect(lines[2].hasPrefix("B03C28E8  Finally understand closures (post 40 of the seed)."))
        #expect(lines[2].hasSuffix("Margaret - Mar 11, 2016 3:04 PM"))
        // A page is 15 entries; the seed's malformed ones take a place and are skipped.
        #expect(lines.last == "14 posts, newest first; more with --pages 2. Skipped 1 entry that is not a post.")
        #expect(!run.standardOutput.contains("\u{1B}["))
        #expect(run.standardError.contains("Sandbox on http://127.0.0.1:"))
        #expect(run.standardError.contains(data.path))
    }

    @Test("--pages pages to the end: every post once, newest first, the malformed ones skipped")
    func allPagesJSON() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("post-feed-data")
        let run = try await postFeed(["list", "--pages", "4", "--json", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try FirebaseExampleRuns.object(run.standardOutput)
        let posts = try #require(document["posts"] as? [[String: Any]])
        #expect(posts.count == 41)
        #expect(Set(posts.compactMap { $0["identifier"] as? String }).count == 41)
        let timestamps = posts.compactMap { $0["timestamp"] as? Double }
        #expect(timestamps == timestamps.sorted(by: >))
        #expect(posts.first?["detail"] as? String == "Margaret - Mar 11, 2016 3:04 PM")
        #expect(posts.last?["text"] as? String == "Just figured out the global feed (post 1 of the seed).")
        #expect(document["hasReachedEnd"] as? Bool == true)
        #expect((document["skipped"] as? [Any])?.isEmpty == false)
    }

    @Test("A post added in one run is in the next, cued as new once; --reset starts again")
    func addPersistsAndIsNew() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("post-feed-data")
        let first = try await postFeed(["list", "--data-dir", data.path])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(!first.standardOutput.contains("new "))

        let add = try await postFeed(["add", "--name", "Ada", "--text", "Hello from a test", "--data-dir", data.path])
        #expect(add.status == 0, "\(add.standardError)")
        #expect(add.standardOutput.contains("Hello from a test"))
        #expect(add.standardOutput.contains("Ada - "))

        let second = try await postFeed(["list", "--data-dir", data.path])
        #expect(second.status == 0, "\(second.standardError)")
        let rows = second.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.count > 2 && rows[2].hasPrefix("new") && rows[2].contains("Hello from a test"))
        #expect(rows.dropFirst(3).allSatisfy { !$0.hasPrefix("new") })

        let third = try await postFeed(["list", "--data-dir", data.path])
        #expect(third.standardOutput.contains("Hello from a test"))
        #expect(!third.standardOutput.contains("new "))

        let reset = try await postFeed(["list", "--reset", "--data-dir", data.path])
        #expect(reset.status == 0, "\(reset.standardError)")
        #expect(!reset.standardOutput.contains("Hello from a test"))
    }

    @Test("Missing text is the lesson's `Uh oh!`, status 1, and nothing is posted")
    func addMissingText() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("post-feed-data")
        let run = try await postFeed(["add", "--name", "Ada", "--data-dir", data.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError.hasSuffix(
                "error: Uh oh! You may be missing information or have network connectivity issues. Please try again.\n"
            ))
    }

    @Test("Reporting hides the post from later runs; an unknown id is a clear failure")
    func report() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("post-feed-data")
        let run = try await postFeed(["report", "b03c28e8", "--reason", "Spam", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Finally understand closures (post 40 of the seed)."))
        #expect(run.standardOutput.contains("Reported (Spam) and hidden"))

        let list = try await postFeed(["list", "--data-dir", data.path])
        #expect(list.status == 0)
        #expect(!list.standardOutput.contains("post 40 of the seed"))
        #expect(list.standardOutput.contains("post 39 of the seed"))

        let unknown = try await postFeed(["report", "FFFFFFFF", "--data-dir", data.path])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("error: No post in the feed has the id \"FFFFFFFF\""))
    }

    @Test("--base-url uses a separately started server: list, add, and watch live")
    func baseURL() async throws {
        let (live, watched) = try await ExampleSandboxServer.withServer { server in
            let url = server.baseURL.absoluteString
            let list = try await postFeed(["list", "--base-url", url])
            #expect(list.status == 0, "\(list.standardError)")
            #expect(list.standardOutput.contains("Margaret - Mar 11, 2016 3:04 PM"))
            #expect(!list.standardError.contains("Sandbox on"))

            let add = try await postFeed([
                "add", "--name", "Grace", "--text", "Over real HTTP", "--json", "--base-url", url,
            ])
            #expect(add.status == 0, "\(add.standardError)")
            let added = try FirebaseExampleRuns.object(add.standardOutput)
            let identifier = try #require(added["identifier"] as? String)
            let stored = try await server.sandbox.firebase.value(at: "posts/\(identifier)", namespace: "devmtn-post")
            #expect(stored["text"]?.stringValue == "Over real HTTP")

            async let watch = postFeed(["watch", "--seconds", "8", "--json", "--base-url", url])
            let deadline = ContinuousClock.now + .seconds(30)
            while await server.sandbox.firebase.subscriptionCount(namespace: "devmtn-post") == 0,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(50))
            }
            let live = UUID().uuidString
            let post: JSON = [
                "username": "Linus", "text": "Live over HTTP", "timestamp": .number(Date().timeIntervalSince1970),
            ]
            try await server.sandbox.firebase.setValue(post, at: "posts/\(live)", namespace: "devmtn-post")
            let watched = try await watch
            return (live, watched)
        }
        #expect(watched.status == 0, "\(watched.standardError)")
        let lines = watched.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        let arrival = try FirebaseExampleRuns.object(String(lines.first ?? ""))
        #expect(arrival["identifier"] as? String == live)
        #expect(arrival["detail"] as? String == "Linus - " + (arrival["dateFormatted"] as? String ?? "?"))
        #expect(arrival["isNew"] as? Bool == true)
    }

    @Test("A server that is down is one clear line and status 1", arguments: [["list"], ["watch"]])
    func serverDown(command: [String]) async throws {
        try await ReservedPort.hold { down in
            let url = down.baseURL.absoluteString
            let run = try await postFeed(command + ["--base-url", url])
            #expect(run.status == 1)
            #expect(run.standardOutput.isEmpty)
            #expect(
                run.standardError
                    == "error: Error Fetching Posts: Could not connect to 127.0.0.1:\(down.port): the server is down or unreachable.\n"
            )
        }
    }

    @Test("Credentials the server refuses are one clear line, and never printed")
    func badCredentials() async throws {
        let secret = "right-secret-\(UUID().uuidString)"
        let server = try await FirebaseExampleRuns.startLockedServer(secret: secret)
        let url = server.baseURL.absoluteString
        let wrong = "wrong-secret-\(UUID().uuidString)"
        let missing = try await postFeed(["list", "--base-url", url])
        let refused = try await postFeed(["list", "--base-url", url], environment: ["FIREBASE_AUTH": wrong])
        let accepted = try await postFeed(["list", "--base-url", url], environment: ["FIREBASE_AUTH": secret])
        await server.stop()
        // Without a credential the locked rules refuse; a wrong one is no token at all.
        for (run, message) in [(missing, "Permission denied"), (refused, "Could not parse auth token.")] {
            #expect(run.status == 1)
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.hasPrefix("error: Error Fetching Posts: "))
            #expect(run.standardError.contains(message))
            #expect(run.standardError.split(separator: "\n").count == 1)
        }
        #expect(!refused.standardError.contains(wrong))
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(accepted.standardOutput.contains("Margaret"))
        #expect(!(accepted.standardOutput + accepted.standardError).contains(secret))
    }

    @Test("Colour only on a terminal, never with NO_COLOR")
    func colour() async throws {
        guard ExampleSandboxServer.canUseTerminal else { return }
        let data = try ExampleSandboxServer.temporaryFolder("post-feed-data")
        let onTerminal = try await ExampleSandboxServer.runOnTerminal(
            "post-feed", ["list", "--pages", "1", "--data-dir", data.path] + FirebaseExampleRuns.fixedDates)
        #expect(onTerminal.status == 0, "\(onTerminal.output)")
        #expect(onTerminal.output.contains("\u{1B}[1mID"))
        let plain = try await ExampleSandboxServer.runOnTerminal(
            "post-feed", ["list", "--pages", "1", "--data-dir", data.path] + FirebaseExampleRuns.fixedDates,
            environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0, "\(plain.output)")
        #expect(!plain.output.contains("\u{1B}[1m"))
        #expect(plain.output.contains("Margaret - Mar 11, 2016 3:04 PM"))
    }
}
