import FirebaseClient
import Foundation
import Networking
import Sandbox
import Testing

@Suite("Configuration: URLs, namespaces and credentials")
struct ConfigurationTests {
    private static let real = URL(string: "https://devmtn-post.firebaseio.com")!

    @Test("Paths get .json, the root is /.json, and the real service gets no ns")
    func urls() throws {
        let firebase = FirebaseClient(databaseURL: Self.real)
        let post = try firebase.http.makeTransportRequest(NetworkRequest<JSON>.get("posts/abc").pathExtension("json"))
        #expect(post.url.absoluteString == "https://devmtn-post.firebaseio.com/posts/abc.json")
        let root = try firebase.http.makeTransportRequest(NetworkRequest<JSON>.get("").pathExtension("json"))
        #expect(root.url.absoluteString == "https://devmtn-post.firebaseio.com/.json")
        let regional = FirebaseClient(
            databaseURL: URL(string: "https://db-default-rtdb.europe-west1.firebasedatabase.app/")!)
        let message = try regional.http.makeTransportRequest(
            NetworkRequest<JSON>.get("a/messages").pathExtension("json"))
        #expect(
            message.url.absoluteString == "https://db-default-rtdb.europe-west1.firebasedatabase.app/a/messages.json")
    }

    @Test("Reads, queries and transactions all decode with http.decoder, the one decoder a client has")
    func oneDecoder() async throws {
        struct Person: Codable, Sendable, Equatable {
            var firstName: String
        }
        let sandbox = try await Sandbox()
        let firebase = FirebaseClient(
            databaseURL: Sandbox.baseURL, namespace: "decoder", transport: SandboxTransport(sandbox))
        try await firebase.put(JSON.object(["first_name": "Ada"]), at: "people/a")
        firebase.http.decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try await firebase.get("people/a", as: Person.self) == Person(firstName: "Ada"))
        let page = try await firebase.query("people", .orderByKey(), as: Person.self)
        #expect(page.map(\.value) == [Person(firstName: "Ada")])
        let result = try await firebase.transaction("people/a", as: Person.self) { person in
            .set(Person(firstName: (person?.firstName ?? "") + "!"))
        }
        #expect(result.value == Person(firstName: "Ada!"))
    }

    @Test("An emulator's namespace travels as ns")
    func namespace() throws {
        let firebase = FirebaseClient(databaseURL: URL(string: "http://127.0.0.1:9000")!, namespace: "devmtn-post")
        let request = try firebase.http.makeTransportRequest(NetworkRequest<JSON>.get("posts").pathExtension("json"))
        #expect(request.url.absoluteString == "http://127.0.0.1:9000/posts.json?ns=devmtn-post")
    }

    @Test("An ID token goes in the URL as auth and never into logs or descriptions")
    func idTokenIsRedacted() async throws {
        let records = Records()
        let sandbox = try await Sandbox()
        let token = FirebaseEmulator.unsignedIDToken(uid: "ada")
        var firebase = FirebaseClient(
            databaseURL: Sandbox.baseURL, namespace: "t", credentials: .idToken(token),
            transport: SandboxTransport(sandbox))
        firebase.http.observers.append(NetworkObserver { records.append($0.description + " " + $0.url) })
        let request = try firebase.http.makeTransportRequest(NetworkRequest<JSON>.get("x").pathExtension("json"))
        #expect(request.url.query?.contains("auth=" + token) == true)
        _ = try await firebase.get("x", as: JSON.self)
        #expect(!records.all.isEmpty)
        #expect(records.all.allSatisfy { !$0.contains(token) && !$0.contains(token.prefix(20)) })
        #expect(try !firebase.http.cURLDescription(for: NetworkRequest<JSON>.get("x")).contains(token.prefix(20)))
    }

    @Test("An access token goes in the Authorization header, not the URL")
    func accessTokenInHeader() throws {
        let firebase = FirebaseClient(databaseURL: Self.real, credentials: .accessToken("ya29.token"))
        let request = try firebase.http.makeTransportRequest(NetworkRequest<JSON>.get("x").pathExtension("json"))
        #expect(request.headers["Authorization"] == "Bearer ya29.token")
        #expect(request.url.query == nil)
        #expect(try !firebase.http.cURLDescription(for: NetworkRequest<JSON>.get("x")).contains("ya29.token"))
    }
}

/// Collects log lines from any thread.
final class Records: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var all: [String] {
        lock.withLock { lines }
    }
}
