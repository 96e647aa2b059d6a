import FirebaseClient
import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// FirebaseClient over real HTTP against a SandboxServer.
@Suite("FirebaseClient over HTTP", .timeLimit(.minutes(10)))
struct FirebaseClientIntegrationTests {
    @Test("Every method, a query in order, shallow and a silent write")
    func operations() async throws {
        try await FirebaseTestServer.run { server in
            let firebase = FirebaseTestServer.client(of: server, namespace: FirebaseTestServer.freshNamespace())
            try await firebase.put(FirebaseEntry(text: "one", order: 1), at: "entries/a")
            let key = try await firebase.post(FirebaseEntry(text: "two", order: 2), to: "entries")
            try await firebase.patch(["text": "one!"], at: "entries/a")
            try await firebase.put(FirebaseEntry(text: "zero", order: 0), at: "entries/z", silently: true)
            try await firebase.update(["entries/gone": "x", "meta/count": 3])
            try await firebase.delete("entries/gone")

            let ordered = try await firebase.query("entries", .orderByChild("order"), as: FirebaseEntry.self)
            #expect(ordered.keys == ["z", "a", key])
            #expect(ordered.values.map(\.text) == ["zero", "one!", "two"])
            let last = try await firebase.query(
                "entries", .orderByChild("order").limitToLast(1), as: FirebaseEntry.self)
            #expect(last.keys == [key])
            #expect(try await firebase.childKeys(of: "") == ["entries", "meta"])
            #expect(try await firebase.get("meta/count", as: Int.self) == 3)
        }
    }

    @Test("A stale ETag is a conflict with the current value, over HTTP headers")
    func conditionalWrite() async throws {
        try await FirebaseTestServer.run { server in
            let firebase = FirebaseTestServer.client(of: server, namespace: FirebaseTestServer.freshNamespace())
            try await firebase.put(1, at: "likes")
            let stale = try await firebase.getTagged("likes", as: Int.self)
            let etag: String = try #require(stale.etag)
            try await firebase.put(stale.value + 1, at: "likes", ifMatch: etag)
            do {
                try await firebase.put(100, at: "likes", ifMatch: etag)
                Issue.record("A stale write succeeded")
            } catch {
                let conflict = try #require((error as? NetworkError)?.firebaseConflict)
                #expect(conflict.currentValue == 2)
                #expect(conflict.etag != nil && conflict.etag != stale.etag)
            }
        }
    }

    @Test("Permission denied is unauthenticated; auth= lets the client in, and stays out of logs")
    func credentials() async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebase.authSecret = "integration-secret"
        try await FirebaseTestServer.run(options) { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let anonymous = FirebaseTestServer.client(of: server, namespace: namespace)
            await #expect {
                _ = try await anonymous.get("x", as: JSON.self)
            } throws: { error in
                guard case .unauthenticated(let failure) = error as? NetworkError else { return false }
                return failure.message?.message == "Permission denied"
            }
            let lines = FirebaseLogLines()
            var signedIn = FirebaseTestServer.client(
                of: server, namespace: namespace, credentials: .databaseSecret("integration-secret"))
            signedIn.http.observers.append(NetworkObserver { lines.append($0.url) })
            try await signedIn.put("in", at: "x")
            #expect(try await signedIn.get("x", as: String.self) == "in")
            #expect(!lines.all.isEmpty && lines.all.allSatisfy { !$0.contains("integration-secret") })
        }
    }

    @Test("A PUT is retried after a 503 and a dropped connection and written once; a POST is not retried")
    func retries() async throws {
        try await FirebaseTestServer.run { server in
            let firebase = FirebaseTestServer.client(of: server, namespace: FirebaseTestServer.freshNamespace())
            try server.sandbox.faults.inject(Fault(path: "/entries/*", method: "PUT", action: .dropConnection))
            try server.sandbox.faults.inject(Fault(path: "/entries/*", method: "PUT", status: 503))
            try await firebase.put(FirebaseEntry(text: "once", order: 1), at: "entries/a")
            #expect(await server.sandbox.requests.matching("/entries/*", method: "PUT").map(\.status) == [0, 503, 200])

            try server.sandbox.faults.inject(Fault(path: "/entries.json", method: "POST", status: 503))
            await #expect(throws: NetworkError.self) {
                _ = try await firebase.post(FirebaseEntry(text: "never", order: 2), to: "entries")
            }
            #expect(await server.sandbox.requests.matching("/entries.json", method: "POST").count == 1)
            #expect(
                try await firebase.get("entries", as: [String: FirebaseEntry].self) == [
                    "a": FirebaseEntry(text: "once", order: 1)
                ])
        }
    }

    @Test("Truncated JSON and HTML pages are clear errors over HTTP")
    func badResponses() async throws {
        try await FirebaseTestServer.run { server in
            let firebase = FirebaseTestServer.client(of: server, namespace: FirebaseTestServer.freshNamespace())
            try server.sandbox.faults.inject(
                Fault(
                    path: "/e.json", status: 200, headers: ["Content-Type": "application/json"],
                    body: Data("{\"text\":".utf8)))
            await #expect {
                _ = try await firebase.get("e", as: FirebaseEntry.self)
            } throws: { ($0 as? NetworkError)?.isDecodingFailure == true }
            let page = "<html><head><title>503 Service Unavailable</title></head></html>"
            try server.sandbox.faults.inject(
                Fault(
                    path: "/e.json", count: 3, status: 503, headers: ["Content-Type": "text/html"],
                    body: Data(page.utf8)))
            await #expect {
                _ = try await firebase.get("e", as: FirebaseEntry.self)
            } throws: { ($0 as? NetworkError)?.failure?.message?.message == "503 Service Unavailable" }
        }
    }
}

/// Collects log lines from any thread.
final class FirebaseLogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var all: [String] {
        lock.withLock { lines }
    }
}
