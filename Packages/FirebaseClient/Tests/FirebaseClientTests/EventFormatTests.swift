import Foundation
import Networking
import Testing

@testable import FirebaseClient

@Suite("Firebase's event format", .timeLimit(.minutes(10)))
struct EventFormatTests {
    private func client(
        streaming body: String, credentials: FirebaseCredentials? = .idToken("secret-token")
    ) -> FirebaseClient {
        FirebaseClient(
            configuration: FirebaseClient.Configuration(
                databaseURL: URL(string: "https://example.firebaseio.com")!, credentials: credentials,
                streaming: .immediate), transport: ScriptedStreamTransport(body: body)
        )
    }

    @Test("put, patch and keep-alive events, however the bytes are split; unknown events are ignored")
    func eventsAcrossChunks() async throws {
        let body = """
            event: put
            data: {"path":"/","data":{"a":1}}

            event: rules_debug
            data: "ignored"

            event: patch
            data: {"path":"/","data":{"b":2}}

            event: keep-alive
            data: null

            event: auth_revoked
            data: "credential is no longer valid"


            """
        var events = client(streaming: body).events(at: "x").makeAsyncIterator()
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: ["a": 1])))
        #expect(try await events.next() == .patch(FirebaseChange(path: "/", data: ["b": 2])))
        #expect(try await events.next() == .keepAlive)
        #expect(try await events.next() == .authRevoked("credential is no longer valid"))
        let error = await streamError { _ = try await events.next() }
        guard case .unauthenticated(let failure) = error else {
            Issue.record("Expected unauthenticated, got \(String(describing: error))")
            return
        }
        #expect(failure.message?.code == "auth_revoked")
        #expect(!failure.url.contains("secret-token"))
    }

    @Test("cancel ends the stream without reconnecting: forbidden for a signed-in user, unauthenticated signed out")
    func cancelEndsTheStream() async throws {
        let body = "event: put\ndata: {\"path\":\"/\",\"data\":null}\n\nevent: cancel\ndata: null\n\n"
        for credentials in [FirebaseCredentials.idToken("secret-token"), nil] {
            var events = client(streaming: body, credentials: credentials).events(at: "x").makeAsyncIterator()
            #expect(try await events.next() == .put(FirebaseChange(path: "/", data: .null)))
            #expect(try await events.next() == .cancel(nil))
            let error = await streamError { _ = try await events.next() }
            switch (credentials, error) {
            case (.some, .forbidden(let failure)?), (nil, .unauthenticated(let failure)?):
                #expect(failure.message?.message == "Permission denied")
                #expect(failure.carriedCredentials == (credentials != nil))
            default:
                Issue.record("With \(String(describing: credentials)), got \(String(describing: error))")
            }
        }
    }

    @Test("A put whose data is not {path, data} is a decoding failure")
    func malformedPut() async throws {
        var events = client(streaming: "event: put\ndata: {\"oops\": tru\n\n").events(at: "x").makeAsyncIterator()
        let error = await streamError { _ = try await events.next() }
        #expect(error?.isDecodingFailure == true)
    }

    @Test("The merged tree applies puts and patches as Firebase does")
    func treeSemantics() {
        var tree = FirebaseTree()
        tree.put(["a": ["b": 1, "c": 2], "list": ["x", "y"]], at: [])
        #expect(tree.value == ["a": ["b": 1, "c": 2], "list": ["x", "y"]])
        tree.put(.null, at: ["a", "b"])
        tree.put(["z": .null, "w": [:]], at: ["empty"])
        #expect(tree.value == ["a": ["c": 2], "list": ["x", "y"]])
        tree.patch(["c": .null, "d/e": 5], at: ["a"])
        #expect(tree.value == ["a": ["d": ["e": 5]], "list": ["x", "y"]])
        // Keys 0, 1, 6: the largest is not below twice the count, an object.
        tree.put("z", at: ["list", "6"])
        #expect(tree.value["list"] == ["0": "x", "1": "y", "6": "z"])
        tree.put("w", at: ["list", "2"])
        #expect(tree.value["list"] == ["x", "y", "w", .null, .null, .null, "z"])
        tree.put(.null, at: [])
        #expect(tree.value == .null)
    }
}

/// The error a stream operation throws, as a ``NetworkError``.
private func streamError(_ body: () async throws -> Void) async -> NetworkError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? NetworkError
    }
}
