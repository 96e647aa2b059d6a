import FirebaseClient
import Foundation
import Networking
import Sandbox
import Testing

@Suite("Errors and bad responses")
struct ErrorTests {
    @Test("Firebase's {\"error\" : …} message surfaces in the NetworkError")
    func firebaseErrorMessage() async throws {
        let database = try await TestDatabase.make()
        do {
            try await database.firebase.put(1, at: "bad.key")
            Issue.record("An invalid key was accepted")
        } catch {
            #expect(error.status == 400)
            #expect(error.failure?.message?.message.isEmpty == false)
            #expect(error.description.contains("400"))
        }
    }

    @Test("Permission denied is unauthenticated; the right secret is let in")
    func permissionDenied() async throws {
        let configuration = SandboxConfiguration(firebase: .init(authSecret: "s3cret"))
        let locked = try await TestDatabase.make(sandbox: configuration)
        do {
            _ = try await locked.firebase.get("anything", as: JSON.self)
            Issue.record("Read without credentials")
        } catch {
            guard case .unauthenticated(let failure) = error else {
                Issue.record("Expected unauthenticated, got \(error)")
                return
            }
            #expect(failure.message?.message == "Permission denied")
        }
        let signedIn = TestDatabase.client(
            for: locked.sandbox, namespace: "test", credentials: .databaseSecret("s3cret"))
        try await signedIn.put("ok", at: "anything")
        #expect(try await signedIn.get("anything", as: String.self) == "ok")
    }

    @Test(
        "Permission denied under either status: unauthenticated signed out, forbidden for a signed-in user",
        arguments: [401, 403])
    func permissionDeniedByCredentials(status: Int) async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(
            Fault(
                path: "/locked.json", count: 2, status: status, body: Data(#"{"error" : "Permission denied"}"#.utf8)))
        await #expect {
            _ = try await database.firebase.get("locked", as: JSON.self)
        } throws: { error in
            guard case .unauthenticated(let failure) = error as? NetworkError else { return false }
            return !failure.carriedCredentials
        }
        let ada = TestDatabase.client(
            for: database.sandbox, namespace: database.firebase.configuration.namespace ?? "",
            credentials: .idToken(FirebaseEmulator.unsignedIDToken(uid: "ada")))
        await #expect {
            _ = try await ada.get("locked", as: JSON.self)
        } throws: { error in
            guard case .forbidden(let failure) = error as? NetworkError else { return false }
            return failure.carriedCredentials && failure.message?.message == "Permission denied"
        }
    }

    @Test(
        "Bad response bodies are decoding failures with an excerpt, never a crash",
        arguments: [
            (#"{"text": "trunc"#, "not valid JSON"),
            ("<html><title>Oops</title></html>", "not valid JSON"),
            ("null", "found null"),
            (#"["an", "array"]"#, "found an array"),
        ]
    )
    func badBodies(body: String, reason: String) async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(Fault(path: "/notes/n.json", status: 200, body: Data(body.utf8)))
        do {
            _ = try await database.firebase.get("notes/n", as: Note.self)
            Issue.record("\(body) decoded as a Note")
        } catch {
            guard case .decodingFailed(let failure) = error else {
                Issue.record("Expected a decoding failure, got \(error)")
                return
            }
            #expect(failure.reason.contains(reason), "\(failure.reason)")
            #expect(failure.bodyExcerpt.contains(body.prefix(5)))
        }
    }

    @Test("A query answered with something other than an object of children is a clear error")
    func badQueryBodies() async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(Fault(path: "/notes.json", status: 200, body: Data("42".utf8)))
        try database.sandbox.faults.inject(Fault(path: "/notes.json", status: 200, body: Data("{\"a\":".utf8)))
        for expected in ["found a number", "not valid JSON"] {
            do {
                _ = try await database.firebase.query("notes", .orderByKey(), as: Note.self)
                Issue.record("A bad body was accepted")
            } catch {
                #expect(error.isDecodingFailure)
                #expect(error.description.contains(expected), "\(error)")
            }
        }
    }

    @Test("An HTML error page is a server error with the page's title")
    func htmlErrorPage() async throws {
        let database = try await TestDatabase.make()
        let page = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
        try database.sandbox.faults.inject(
            Fault(
                path: "/notes.json", count: 3, status: 502, headers: ["Content-Type": "text/html"],
                body: Data(page.utf8)))
        do {
            _ = try await database.firebase.get("notes", as: JSON.self)
            Issue.record("The page was accepted")
        } catch {
            #expect(error.status == 502)
            #expect(error.failure?.message?.message == "502 Bad Gateway")
        }
    }

    @Test("A PUT retried after a 503 is written once")
    func putRetriedOnce() async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(Fault(path: "/notes/*", method: "PUT", status: 503))
        try await database.firebase.put(Note(text: "once", order: 1), at: "notes/n1")
        let puts = await database.requests("/notes/*", method: "PUT")
        #expect(puts.map(\.status) == [503, 200])
        #expect(
            try await database.firebase.get("notes", as: [String: Note].self) == ["n1": Note(text: "once", order: 1)])
    }

    @Test("A POST is not retried after a 503: one request, nothing written, the error surfaces")
    func postNotRetried() async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(Fault(path: "/notes.json", method: "POST", status: 503))
        await #expect(throws: NetworkError.self) {
            _ = try await database.firebase.post(Note(text: "maybe", order: 1), to: "notes")
        }
        #expect(await database.requests("/notes.json", method: "POST").count == 1)
        #expect(try await database.firebase.get("notes", as: JSON.self) == .null)
    }

    @Test("A PUT under a client-made push id is a retry-safe add after a dropped connection")
    func pushIDPutSurvivesDrop() async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(Fault(path: "/notes/*", method: "PUT", action: .dropConnection))
        let key = database.firebase.makePushID()
        try await database.firebase.put(Note(text: "safe", order: 1), at: "notes/\(key)")
        #expect(
            try await database.firebase.get("notes", as: [String: Note].self) == [key: Note(text: "safe", order: 1)])
    }
}
