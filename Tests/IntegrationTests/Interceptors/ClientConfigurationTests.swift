import AirtableClient
import BankeyClient
import FirebaseClient
import Foundation
import MessageBoardClient
import Networking
import PostFeedClient
import Sandbox
import SooGreyhoundsClient
import Synchronization
import Testing

/// Every client is configured the same way: its `http` (for the two built on
/// Firebase, their FirebaseClient's) takes interceptors and observers, as
/// the catalogs and the cookbook show. Each test adds a counting
/// interceptor that way, makes one call, and sees it run.
@Suite("Every client configured alike: interceptors and observers through `http`")
struct ClientConfigurationTests {
    /// Counts the attempts that pass through it.
    struct Counting: HTTPInterceptor {
        let counter: Counter

        func intercept<Response: InterceptedResponse>(
            _ request: TransportRequest, attempt: Int,
            next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
        ) async throws(NetworkError) -> Response {
            counter.attempts.withLock { $0 += 1 }
            return try await next(request)
        }
    }

    final class Counter: Sendable {
        let attempts = Mutex(0)
        var interceptor: Counting { Counting(counter: self) }
        var value: Int { attempts.withLock { $0 } }
    }

    static func sandbox() async throws -> Sandbox {
        var configuration = SandboxConfiguration()
        configuration.airtable.rateLimitEnabled = false
        return try await Sandbox(configuration: configuration)
    }

    static func firebase(_ sandbox: Sandbox, _ namespace: String) -> FirebaseClient {
        FirebaseClient(databaseURL: Sandbox.baseURL, namespace: namespace, transport: SandboxTransport(sandbox))
    }

    @Test("AirtableClient")
    func airtable() async throws {
        let sandbox = try await Self.sandbox()
        let counter = Counter()
        var client = AirtableClient(
            baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable,
            token: AirtableEmulator.Configuration.defaultToken, endpointURL: Sandbox.baseURL,
            transport: SandboxTransport(sandbox))
        client.http.interceptors.append(counter.interceptor)
        _ = try await client.getProjects()
        #expect(counter.value == 1)
    }

    @Test("BankeyClient")
    func bankey() async throws {
        let sandbox = try await Self.sandbox()
        let counter = Counter()
        var client = BankeyClient(
            baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
        client.http.interceptors.append(counter.interceptor)
        _ = try await client.fetchProfile(forUserId: "1")
        #expect(counter.value == 1)
    }

    @Test("SooGreyhoundsClient")
    func soogreyhounds() async throws {
        let sandbox = try await Self.sandbox()
        let counter = Counter()
        var client = SooGreyhoundsClient(
            configuration: SooGreyhoundsAPI(
                endpoint: Sandbox.baseURL.appending(path: "services/rest"),
                apiKey: SooGreyhoundsEmulator.Configuration.lessonAPIKey),
            transport: SandboxTransport(sandbox))
        client.http.interceptors.append(counter.interceptor)
        _ = try await client.fetchLatestPhotos()
        #expect(counter.value == 1)
    }

    @Test("FirebaseClient")
    func firebase() async throws {
        let sandbox = try await Self.sandbox()
        let counter = Counter()
        var client = Self.firebase(sandbox, "devmtn-post")
        client.http.interceptors.append(counter.interceptor)
        _ = try await client.get("posts", as: JSON.self)
        #expect(counter.value == 1)
    }

    @Test("MessageBoardClient, through its FirebaseClient")
    func messageBoard() async throws {
        let sandbox = try await Self.sandbox()
        let counter = Counter()
        var board = MessageBoardClient(firebase: Self.firebase(sandbox, MessageBoardClient.sandboxNamespace))
        board.firebase.http.interceptors.append(counter.interceptor)
        _ = try await board.fetchMessageThreads()
        #expect(counter.value == 1)
    }

    @Test("PostFeedClient, through the FirebaseClient it is made with")
    func postFeed() async throws {
        let sandbox = try await Self.sandbox()
        let counter = Counter()
        var firebase = Self.firebase(sandbox, PostFeedClient.sandboxNamespace)
        firebase.http.interceptors.append(counter.interceptor)
        _ = try await PostFeedClient(firebase: firebase).fetchPosts()
        #expect(counter.value == 1)
    }

    @Test("Assigning the interceptors leaves Airtable's pacing in force: no request meets the 429")
    func airtablePacingStays() async throws {
        // The service's limit is on: a sixth request within a second is a 429.
        let sandbox = try await Sandbox()
        let counter = Counter()
        var client = AirtableClient(
            baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable,
            token: AirtableEmulator.Configuration.defaultToken, endpointURL: Sandbox.baseURL,
            transport: SandboxTransport(sandbox))
        client.http.interceptors = [counter.interceptor]
        for _ in 0..<8 {
            _ = try await client.record(id: "recF3yQ5GgUUOjwnx", as: JSON.self)
        }
        #expect(counter.value == 8)
        let statuses = await sandbox.requests.all.map(\.status)
        #expect(statuses.count == 8 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(!client.http.builtInInterceptors.isEmpty)
    }
}
