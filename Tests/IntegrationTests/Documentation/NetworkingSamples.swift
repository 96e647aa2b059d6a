import BankeyClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

/// The code of the landing page and the Networking catalog, run against the
/// in-process Sandbox.
@Suite("Documentation: the landing page and Networking")
struct NetworkingSamples: DocumentationSample {
    @Test("The landing page's first program reads Bankey's customer 1")
    func firstProgram() async throws {
        let printed = try await Printed.capture {
            // snippet: landing-first-program
            let sandbox = try await Sandbox()  // the four lesson APIs, in process
            let bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
            let summary = try await bankey.fetchSummary(forUserId: "1")
            print(summary.profile.firstName, summary.accounts.count)  // Kevin 6
            // end snippet
        }
        #expect(printed == ["Kevin 6"])
    }

    @Test("The overview sends the lesson's feed request, async and with a completion")
    @MainActor
    func overview() async throws {
        let sandbox = try await Sandbox()
        let screen = DocumentationScreen()
        let printed = try await Printed.capture {
            // snippet: networking-overview
            let client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            let now = Date().timeIntervalSince1970
            let request = NetworkRequest<PostFeed>.get("posts")
                .pathExtension("json")  // stays last, as Firebase needs
                .query(["ns": "devmtn-post", "orderBy": "\"timestamp\"", "endAt": "\(now)", "limitToLast": "15"])

            let feed = try await client.send(request)  // async/await, throws NetworkError
            print(feed.posts.count, feed.skipped.count)  // 14 1 — one entry on the page is not a post
            // end snippet

            // snippet: networking-completion
            client.send(request) { result in
                switch result {
                case .success(let feed): screen.show("\(feed.posts.count) posts")
                case .failure(let error): screen.showAlert(error.localizedDescription)
                }
            }
            // end snippet
        }
        await screen.waitForUpdate()
        #expect(printed == ["14 1"])
        #expect(screen.updates == ["14 posts"])
    }
}
