import AirtableClient
import BankeyClient
import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import PostFeedClient
import Sandbox
import SandboxServer
import SooGreyhoundsClient
import Testing

/// The guide "Your lesson app on the Sandbox": its Swift, run against a
/// server on a free port standing in for `make sandbox ARGS="--port 8080"`,
/// and its `curl` commands, run as written with that server's URL for
/// `http://127.0.0.1:8080`.
@Suite("Documentation: your lesson app on the Sandbox")
struct LessonAppGuideSamples: DocumentationSample {
    /// The guide's clients, for the base URL of its step 3.
    @MainActor
    static func lessonAppClients(backend: URL) -> (
        AirtableClient, PostController, MessageThreadController, BankeyClient, PhotoStore
    ) {
        // snippet: lesson-app-clients
        // Lesson 1: the token the banner prints, in a header.
        let airtable = AirtableClient(
            baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable,
            token: "patSandbox0000000.0000000000000000000000000000000000000000000000000000000000000000",
            endpointURL: backend)
        // Lessons 2 and 3: one server, a namespace per database.
        let postController = PostController(
            client: PostFeedClient(firebase: FirebaseClient(databaseURL: backend, namespace: "devmtn-post")))
        let threadController = MessageThreadController(
            client: MessageBoardClient(
                firebase: FirebaseClient(databaseURL: backend, namespace: "lambda-message-board")))
        // Lesson 4.
        let bankey = BankeyClient(baseURL: backend.appending(path: "bankey/"))
        // Lesson 5: the lesson's key.
        let photoStore = PhotoStore(
            client: SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: backend.appending(path: "services/rest"), apiKey: SooGreyhoundsAPI.lessonAPIKey)))
        // end snippet
        return (airtable, postController, threadController, bankey, photoStore)
    }

    @Test("The clients, configured as the guide says, reach every lesson's data over HTTP")
    @MainActor
    func clients() async throws {
        try await SandboxServer.withServer { server in
            let (airtable, posts, threads, bankey, photos) = Self.lessonAppClients(backend: server.baseURL)
            let projects = try await airtable.getProjects()
            #expect(projects.count == 16)
            let fetched = await withCheckedContinuation { continuation in
                posts.fetchPosts { continuation.resume(returning: $0) }
            }
            let shown = try fetched.get()
            #expect(shown.count == PostFeedClient.pageSize - 1)  // one entry of the page is not a post
            let threadsError = await withCheckedContinuation { continuation in
                threads.fetchMessageThreads { continuation.resume(returning: $0) }
            }
            #expect(threadsError == nil)
            #expect(threads.messageThreads.map(\.title) == ["REST APIs"])
            let profile = try await bankey.fetchProfile(forUserId: "1")
            #expect(profile.firstName == "Kevin")
            let latest = try await photos.fetchLatestPhotos()
            #expect(latest.count == 12)
        }
    }

    /// The commands of the guide's block marked `<!-- curl -->`, with
    /// continuation lines joined.
    static func curlCommands() throws -> [String] {
        try DocumentationFiles.curlSteps(in: "Docs/NetworkingLessons.docc/LessonAppOnTheSandbox.md").map(\.command)
    }

    @Test("The guide's curl commands, with its values, each get a 2xx answer with a body")
    func curl() async throws {
        let commands = try Self.curlCommands()
        #expect(commands.count == 6)
        try await SandboxServer.withServer { server in
            for command in commands {
                #expect(command.hasPrefix("curl -fsS 'http://127.0.0.1:8080/"))
                let run = command.replacingOccurrences(
                    of: "http://127.0.0.1:8080", with: server.baseURL.absoluteString)
                let (status, output) = try await Self.shell(run)
                #expect(status == 0, "\(command): \(output.prefix(200))")
                #expect(output.hasPrefix("{") || output.hasPrefix("["), "\(command): \(output.prefix(200))")
            }
        }
    }

    /// Runs `command` with `/bin/sh -c`, without blocking a thread the
    /// server needs; returns its status and standard output.
    static func shell(_ command: String) async throws -> (Int32, String) {
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], includingStandardError: false,
            timeout: .seconds(60))
        return (run.status, run.output)
    }
}
