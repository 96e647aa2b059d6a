import AsyncHTTPClientTransport
import FirebaseClient
import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// `FirebaseClient.transaction` over real HTTP on both transports, the
/// rules calls, and signed-in users through `FirebaseIDTokenInterceptor`.
@Suite("Firebase transactions, rules and ID tokens over HTTP", .timeLimit(.minutes(10)))
struct FirebaseTransactionIntegrationTests {
    typealias Transport = TestTransport

    static func client(
        _ server: SandboxServer, namespace: String, transport: any HTTPTransport = URLSessionTransport.shared,
        credentials: FirebaseCredentials? = nil
    ) -> FirebaseClient {
        FirebaseClient(
            configuration: .init(databaseURL: server.baseURL, namespace: namespace, credentials: credentials),
            transport: transport, retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)))
    }

    @Test("16 writers × 20 increments lose no update", arguments: Transport.allCases)
    func concurrentIncrements(_ transport: Transport) async throws {
        try await FirebaseTestServer.run { server in
            let firebase = Self.client(
                server, namespace: FirebaseTestServer.freshNamespace(), transport: transport.transport)
            try await firebase.put(0, at: "counter")
            let attempts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        var attempts = 0
                        for _ in 0..<20 {
                            let result = try await firebase.transaction("counter", as: Int.self, maxAttempts: 1000) {
                                .set(($0 ?? 0) + 1)
                            }
                            attempts += result.attempts
                        }
                        return attempts
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(try await firebase.get("counter", as: Int.self) == 320)
            // Writers met each other: some attempts lost and were replayed.
            #expect(attempts >= 320)
        }
    }

    @Test("An update can abort, remove, or fail; a busy location ends as the last conflict")
    func outcomes() async throws {
        try await FirebaseTestServer.run { server in
            let firebase = Self.client(server, namespace: FirebaseTestServer.freshNamespace())
            try await firebase.put(["likes": 1], at: "post")
            let aborted = try await firebase.transaction("post/likes", as: Int.self) { _ in .abort }
            #expect(!aborted.committed && aborted.value == 1 && aborted.attempts == 1 && aborted.etag != nil)
            await #expect {
                try await firebase.transaction("post/likes", as: Int.self) {
                    (_: Int?) throws(NetworkError) -> FirebaseTransactionUpdate<Int> in throw .encodingFailed("refused")
                }
            } throws: { error in
                guard case .encodingFailed("refused") = error as? NetworkError else { return false }
                return true
            }
            #expect(try await firebase.get("post/likes", as: Int.self) == 1)
            let removed = try await firebase.transaction("post/likes", as: Int.self) { _ in .remove }
            #expect(removed.committed && removed.value == nil)
            #expect(try await firebase.get("post", as: JSON.self) == .null)
            // Another writer changes the value between every read and write.
            var busy = firebase
            busy.http.interceptors.append(
                Interloper(other: Self.client(server, namespace: firebase.configuration.namespace ?? "")))
            let updates = LockedStrings()
            await #expect {
                try await busy.transaction("busy", as: Int.self, maxAttempts: 3) {
                    updates.append("\($0 ?? 0)")
                    return .set(($0 ?? 0) + 1)
                }
            } throws: { error in
                guard let conflict = (error as? NetworkError)?.firebaseConflict else { return false }
                return conflict.currentValue.numberValue != nil
            }
            #expect(updates.all.count == 3)
        }
    }

    @Test("A 503 to the conditional write applies nothing: the transaction reads again and commits once")
    func serverErrorIsReplayed() async throws {
        try await FirebaseTestServer.run { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let firebase = Self.client(server, namespace: namespace)
            try await firebase.put(5, at: "n")
            try server.sandbox.faults.inject(Fault(path: "/n.json", method: "PUT", count: 1, status: 503))
            let result = try await firebase.transaction("n", as: Int.self) { .set(($0 ?? 0) + 1) }
            #expect(result.value == 6 && result.attempts == 2)
            #expect(try await firebase.get("n", as: Int.self) == 6)
        }
    }

    @Test("Rules are read and replaced by an administrator; refused rules name their place")
    func rules() async throws {
        try await FirebaseTestServer.run { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let admin = Self.client(server, namespace: namespace, credentials: .accessToken("owner"))
            #expect(try await admin.rulesJSON() == ["rules": [".read": true, ".write": true]])
            let source =
                "{\n  // Signed-in users only.\n  \"rules\": {\".read\": \"auth != null\", \".write\": \"auth != null\"}\n}"
            try await admin.setRules(source)
            #expect(try await admin.rules() == source)
            do throws(NetworkError) {
                try await admin.setRules(#"{"rules": {".read": "nope"}}"#)
                Issue.record("rules with an unknown variable were saved")
            } catch {
                #expect(error.failure?.status == 400)
                #expect(error.failure?.message?.message.contains("1:22: Unknown variable 'nope'.") == true)
            }
            let anonymous = Self.client(server, namespace: namespace)
            await #expect(throws: NetworkError.self) { try await anonymous.get("x", as: JSON.self) }
            await #expect(throws: NetworkError.self) { try await anonymous.rules() }
        }
    }

    @Test(
        "An ID-token provider signs as a user; an expired token is refreshed once; Permission denied is forbidden, not refreshed"
    )
    func idTokens() async throws {
        try await FirebaseTestServer.run { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let admin = Self.client(server, namespace: namespace, credentials: .accessToken("owner"))
            try await admin.setRules(
                #"{"rules": {"users": {"$uid": {".read": "auth.uid == $uid", ".write": "auth.uid == $uid"}}}}"#)
            let fresh = FirebaseEmulator.unsignedIDToken(uid: "ada")
            let tokens = AccessTokenStore(token: FirebaseEmulator.unsignedIDToken(uid: "ada", lifetime: .seconds(-60)))
            {
                fresh
            }
            let records = LockedStrings()
            var ada = FirebaseClient(
                databaseURL: server.baseURL, namespace: namespace, transport: URLSessionTransport.shared)
            ada.http.interceptors.append(FirebaseIDTokenInterceptor(tokens: tokens))
            ada.http.observers.append(NetworkObserver { records.append($0.description + " " + $0.url) })
            try await ada.put(["name": "Ada"], at: "users/ada")
            #expect(try await ada.get("users/ada/name", as: String.self) == "Ada")
            #expect(await tokens.refreshCount == 1)
            do throws(NetworkError) {
                _ = try await ada.get("users/bob", as: JSON.self)
                Issue.record("read another user's data")
            } catch {
                guard case .forbidden(let failure) = error else { throw error }
                #expect(failure.message?.message == "Permission denied")
            }
            #expect(await tokens.refreshCount == 1)
            #expect(!records.all.isEmpty)
            #expect(records.all.allSatisfy { !$0.contains(fresh.prefix(24)) })
            #expect(!String(describing: ada).contains(fresh.prefix(24)))
        }
    }
}

/// Writes to the same location just before every conditional write, so
/// that each one loses.
private struct Interloper: HTTPInterceptor {
    let other: FirebaseClient

    func intercept<Response: InterceptedResponse>(
        _ request: TransportRequest, attempt: Int,
        next: @Sendable (TransportRequest) async throws(NetworkError) -> Response
    ) async throws(NetworkError) -> Response {
        if request.headers["if-match"] != nil {
            try await other.put(Int.random(in: 1000...9999), at: "busy")
        }
        return try await next(request)
    }
}

/// Strings appended from any thread.
final class LockedStrings: @unchecked Sendable {
    private let lock = NSLock()
    private var strings: [String] = []

    func append(_ string: String) {
        lock.withLock { strings.append(string) }
    }

    var all: [String] {
        lock.withLock { strings }
    }
}
