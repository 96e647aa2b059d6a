import AirtableClient
import BankeyClient
import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import SooGreyhoundsClient
import Testing

/// The cookbook's recipes, run against the in-process Sandbox.
@Suite("Documentation: the cookbook")
struct CookbookSamples {
    @Test("Log every request of a client")
    func logEveryRequest() async throws {
        let sandbox = try await Sandbox()
        let token = AirtableEmulator.Configuration.defaultToken
        let printed = try await Printed.capture {
            // snippet: cookbook-log
            var airtable = AirtableClient(
                baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: token,
                endpointURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            airtable.http.observers.append(NetworkObserver { record in print(record) })
            _ = try await airtable.getProjects()
            // → GET http://sandbox.local/v0/appIBfoNbzEaA72c2/Design%20projects (attempt 1, 0 bytes)
            // ← 200 GET http://sandbox.local/v0/appIBfoNbzEaA72c2/Design%20projects (attempt 1, 2 ms, 10342 bytes)
            // end snippet
        }
        #expect(printed.count == 2)
        #expect(printed.first?.hasPrefix("→ GET http://sandbox.local/v0/appIBfoNbzEaA72c2/Design%20projects") == true)
        #expect(printed.last?.hasPrefix("← 200 GET") == true)
        #expect(printed.allSatisfy { !$0.contains(token) })
    }

    @Test("Refresh a token: Firebase ID tokens, and bearer tokens for the rest")
    func refreshToken() async throws {
        let sandbox = try await Sandbox()
        let expired = FirebaseEmulator.unsignedIDToken(uid: "ada", lifetime: .seconds(-60))
        let fresh = FirebaseEmulator.unsignedIDToken(uid: "ada")
        // Your sign-in, which gives a fresh ID token.
        let signIn: @Sendable () async throws(NetworkError) -> String = { fresh }
        let printed = try await Printed.capture {
            // snippet: cookbook-refresh
            let idTokens = AccessTokenStore(token: expired, refresh: signIn)
            var firebase = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: PostFeedClient.sandboxNamespace,
                transport: SandboxTransport(sandbox))
            firebase.http.interceptors.append(FirebaseIDTokenInterceptor(tokens: idTokens))
            // The Post feed and the Message Board are made with a FirebaseClient: configure it first.
            let feed = PostFeedClient(firebase: firebase)
            _ = try await feed.fetchPosts()
            print(await idTokens.refreshCount)  // 1: the expired token was refreshed once, the request sent again

            // An API that takes `Authorization: Bearer` gets the general interceptor, the same way.
            var bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
            bankey.http.interceptors.append(BearerTokenInterceptor(tokens: AccessTokenStore { "a-token" }))
            print(try await bankey.fetchProfile(forUserId: "1").firstName)  // Kevin
            // end snippet
        }
        #expect(printed == ["1", "Kevin"])
    }

    @Test("Count cache hits")
    func countCacheHits() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: cookbook-cache-hits
            let store = PhotoStore(
                client: SooGreyhoundsClient(
                    api: SooGreyhoundsAPI(
                        endpoint: Sandbox.baseURL.appending(path: "services/rest"),
                        apiKey: SooGreyhoundsAPI.lessonAPIKey),
                    transport: SandboxTransport(sandbox)))
            var sources: [ImageSource: Int] = [:]
            for photo in try await store.fetchLatestPhotos().prefix(3) {
                for _ in 1...2 {
                    sources[try await store.loadImage(for: photo).source, default: 0] += 1
                }
            }
            // The Sandbox sends `no-cache`: each second look asks, and a 304 keeps the cached bytes.
            print(sources[.network] ?? 0, sources[.revalidated] ?? 0)  // 3 3
            // end snippet
        }
        #expect(printed == ["3 3"])
    }

    @Test("Inject a fault and read the typed error")
    func injectFault() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: cookbook-fault
            try sandbox.faults.inject(
                Fault(path: "/bankey/profile/*", status: 503, body: Data(#"{"message":"Down for maintenance"}"#.utf8)))
            var bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
            bankey.http.retryPolicy = .never  // else the one fault is retried away
            do throws(NetworkError) {
                _ = try await bankey.fetchProfile(forUserId: "1")
            } catch .httpStatus(let failure) {
                print(failure.status, failure.message?.message ?? "")  // 503 Down for maintenance
            } catch {
                print(error)
            }
            // end snippet
        }
        #expect(printed == ["503 Down for maintenance"])
    }
}

/// Samples print as the articles show; the lines are captured and checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Printed.record(items, separator: separator)
}
