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

/// The code of the Sandbox guide: the in-process transport, a server on a
/// free port, every client pointed at it, configuration and faults.
@Suite("Documentation: the Sandbox guide")
struct SandboxGuideSamples: DocumentationSample {
    @Test("In process: the feed through the SandboxTransport")
    func inProcess() async throws {
        let printed = try await Printed.capture {
            // snippet: sandbox-guide-in-process
            let sandbox = try await Sandbox()
            let transport = SandboxTransport(sandbox)

            let firebase = FirebaseClient(databaseURL: Sandbox.baseURL, namespace: "devmtn-post", transport: transport)
            let feed = PostFeedClient(firebase: firebase)
            let page = try await feed.fetchPosts(reset: true)
            print(page.posts.count, page.skipped.count)  // 14 1
            // end snippet
        }
        #expect(printed == ["14 1"])
    }

    @Test("Over HTTP: a durable server, every client, configuration and faults")
    func server() async throws {
        let dataDirectory: URL? = FileManager.default.temporaryDirectory
            .appendingPathComponent("docs-sandbox-\(UUID().uuidString)", isDirectory: true)
        defer { dataDirectory.map { try? FileManager.default.removeItem(at: $0) } }
        let printed = try await Printed.capture {
            // snippet: sandbox-guide-server
            var options = SandboxServerOptions()  // 127.0.0.1, port 0: a free one
            options.dataDirectory = dataDirectory  // nil keeps everything in memory
            let server = try await SandboxServer.start(options)
            print(server.baseURL.host() ?? "", server.port > 0)  // 127.0.0.1 true
            // end snippet

            // snippet: sandbox-guide-clients
            let base = server.baseURL
            let airtable = AirtableClient(
                baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable,
                token: AirtableEmulator.Configuration.defaultToken, endpointURL: base)
            let posts = PostFeedClient(firebase: FirebaseClient(databaseURL: base, namespace: "devmtn-post"))
            let board = MessageBoardClient(
                firebase: FirebaseClient(databaseURL: base, namespace: "lambda-message-board"))
            let bankey = BankeyClient(baseURL: base.appending(path: "bankey/"))
            let photos = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: base.appending(path: "services/rest"), apiKey: SooGreyhoundsAPI.lessonAPIKey))
            // end snippet
            #expect(try await airtable.getProjects().count == 16)
            #expect(try await posts.fetchPosts(reset: true).posts.count == 14)
            #expect(try await board.fetchMessageThreads().threads.map(\.title) == ["REST APIs"])
            #expect(try await photos.fetchLatestPhotos().count == 12)

            // snippet: sandbox-guide-faults
            let faults = server.sandbox.faults
            try faults.inject(Fault(path: "/bankey/profile/1", status: 503, headers: ["Retry-After": "0"]))
            try faults.inject(Fault(path: "/v0/*", method: "POST", count: 2, action: .dropConnection))
            try faults.inject(
                Fault(path: "/posts.json", status: 401, body: Data(#"{"error" : "Permission denied"}"#.utf8)))
            faults.setLatency(.milliseconds(20))  // before every answer

            let profile = try await bankey.fetchProfile(forUserId: "1")  // the 503 is retried
            let recorded = await server.sandbox.requests.matching("/bankey/*")
            print(profile.firstName, recorded.map(\.status))  // Kevin [503, 200]
            faults.reset()  // no faults, no latency
            // end snippet
            await server.stop()
        }
        #expect(printed == ["127.0.0.1 true", "Kevin [503, 200]"])
    }

    @Test("Configuration: Firebase security, the legacy Airtable key, no rate limit")
    func configuration() async throws {
        // snippet: sandbox-guide-configuration
        var configuration = SandboxConfiguration()
        configuration.firebase.authSecret = "s3cret"  // --auth-secret: locked, ?auth=s3cret is an administrator
        configuration.airtable.acceptsLegacyAPIKey = true  // --airtable-legacy-api-key: the lesson's ?api_key= works
        configuration.airtable.rateLimitEnabled = false  // --no-rate-limit
        let configured = try await Sandbox(configuration: configuration)
        // end snippet
        let client = NetworkClient(
            baseURL: Sandbox.baseURL, transport: SandboxTransport(configured), retryPolicy: .never)
        let locked = NetworkRequest<JSON>.get("posts").pathExtension("json").query("ns", "devmtn-post")
        await #expect(throws: NetworkError.self) { try await client.send(locked) }
        #expect(try await client.send(locked.query("auth", "s3cret")) != .null)
        let legacy = NetworkRequest<JSON>.get("v0/appIBfoNbzEaA72c2/Design projects")
            .query("api_key", AirtableEmulator.Configuration.defaultToken)
        #expect(try await client.send(legacy)["records"]?.arrayValue?.count == 16)
    }
}
