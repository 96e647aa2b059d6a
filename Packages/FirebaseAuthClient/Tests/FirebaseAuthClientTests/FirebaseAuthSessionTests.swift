import FirebaseClient
import Foundation
import Networking
import Sandbox
import Testing

@testable import FirebaseAuthClient

/// The session against the Sandbox: a signed-in database client, refreshes
/// before expiry and after a refusal, shared refreshes, the stores.
@Suite("FirebaseAuthSession against the Sandbox")
struct FirebaseAuthSessionTests {
    static let rules = #"{"rules": {"posts": {".read": true, "$uid": {".write": "auth != null && auth.uid == $uid"}}}}"#

    /// A sandbox with the rules set, its Auth emulator on `authClock`.
    static func make(authClock: Clock = Clock()) async throws -> (Sandbox, FirebaseAuthClient, Records) {
        let (sandbox, auth, records) = try await FirebaseAuthClientTests.make(clock: authClock)
        try await FirebaseClientHarness.client(sandbox, credentials: .accessToken("owner")).setRules(rules)
        return (sandbox, auth, records)
    }

    static func database(_ sandbox: Sandbox) -> FirebaseClient {
        FirebaseClientHarness.client(sandbox, credentials: nil)
    }

    @Test("A signed-in client takes one line; the author's post is written, another's is forbidden")
    func signedInClient() async throws {
        let (sandbox, auth, records) = try await Self.make()
        let session = FirebaseAuthSession(auth: auth)
        let ada = try await session.signUp(email: "ada@example.com", password: "correct horse")
        let firebase = Self.database(sandbox).signedIn(with: session)
        try await firebase.put(["text": "Hello"], at: "posts/\(ada.userID)")
        await #expect(throws: NetworkError.self) { try await firebase.put(["text": "x"], at: "posts/bob") }
        do throws(NetworkError) {
            try await firebase.put(["text": "x"], at: "posts/bob")
        } catch {
            guard case .forbidden = error else { throw error }
        }
        #expect(await session.tokens.refreshCount == 0)
        #expect(try await session.user?.userID == ada.userID)
        let logged = records.all.joined(separator: "\n") + String(describing: session)
        #expect(!logged.contains("correct horse") && !logged.contains(ada.refreshToken.prefix(24)))
    }

    @Test("The ID token is refreshed before it expires, without a refused request")
    func refreshBeforeExpiry() async throws {
        let clock = Clock()
        let (sandbox, auth, _) = try await Self.make(authClock: clock)
        let session = FirebaseAuthSession(auth: auth, now: { clock.now })
        let ada = try await session.signInAnonymously()
        let firebase = Self.database(sandbox).signedIn(with: session)
        try await firebase.put(["text": "1"], at: "posts/\(ada.userID)")
        clock.advance(by: 3400)  // within five minutes of the hour
        try await firebase.put(["text": "2"], at: "posts/\(ada.userID)")
        #expect(await session.tokens.refreshCount == 1)
        let refused = await sandbox.requests.all.filter { $0.status == 401 }
        #expect(refused.isEmpty)
    }

    @Test("A token the database refuses as expired is refreshed once, however many requests found it so")
    func refreshOnceAfterRefusal() async throws {
        // The Auth emulator's clock runs two hours behind the database's, so
        // the first tokens are already expired there.
        let clock = Clock()
        clock.advance(by: -7200)
        let (sandbox, auth, _) = try await Self.make(authClock: clock)
        let session = FirebaseAuthSession(auth: auth, now: { clock.now })
        let ada = try await session.signUp(email: "ada@example.com", password: "correct horse")
        clock.advance(by: 7200)
        let firebase = Self.database(sandbox).signedIn(with: session)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask { try await firebase.put(["text": "\(index)"], at: "posts/\(ada.userID)/\(index)") }
            }
            try await group.waitForAll()
        }
        #expect(await session.tokens.refreshCount == 1)
    }

    @Test("Signing out clears the store; a refused refresh (disabled account) signs out")
    func signOut() async throws {
        let (sandbox, auth, _) = try await Self.make()
        let store = FirebaseMemorySessionStore()
        let session = FirebaseAuthSession(auth: auth, store: store)
        try await session.signUp(email: "ada@example.com", password: "correct horse")
        try await session.signOut()
        #expect(await store.load() == nil)
        // Nothing was sent, so the error is no server's refusal.
        do throws(NetworkError) {
            _ = try await session.idToken()
            Issue.record("a signed-out session gave a token")
        } catch {
            guard case .invalidRequest(let reason) = error else {
                Issue.record("expected invalidRequest, got \(error)")
                return
            }
            #expect(reason == "no user is signed in; sign in first.")
        }

        let bob = try await session.signUp(email: "bob@example.com", password: "correct horse")
        let admin = await sandbox.firebaseAuth.answer(
            SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/p/accounts:update",
                headers: ["Authorization": "Bearer owner"],
                body: Data(#"{"localId":"\#(bob.userID)","disableUser":true}"#.utf8)))
        #expect(admin.status == 200)
        do throws(NetworkError) {
            _ = try await session.tokens.refreshed(replacing: try await session.idToken())
            Issue.record("a disabled account refreshed")
        } catch {
            #expect(error.firebaseAuthError == .userDisabled)
        }
        #expect(await store.load() == nil)
    }

    @Test("A file store keeps the session across launches, readable by its owner only")
    func fileStore() async throws {
        let (sandbox, auth, _) = try await Self.make()
        let folder = FileManager.default.temporaryDirectory.appending(path: "session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "session.json")
        let first = FirebaseAuthSession(auth: auth, store: FirebaseFileSessionStore(url: file))
        let ada = try await first.signUp(email: "ada@example.com", password: "correct horse")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(!String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("correct horse"))

        let relaunched = FirebaseAuthSession(auth: auth, store: FirebaseFileSessionStore(url: file))
        #expect(try await relaunched.restore())
        try await Self.database(sandbox).signedIn(with: relaunched).put(["text": "Back"], at: "posts/\(ada.userID)")
        try await relaunched.signOut()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await relaunched.restore() == false)
    }

    @Test("A file store's failures are the SDK's file failure, with the system's error as the cause and no token")
    func fileStoreFailures() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "session.json")
        try Data(#"{"userID":"ada","refreshToken":"secret-refresh"#.utf8).write(to: file)
        let corrupt = FirebaseFileSessionStore(url: file)
        let read = await #expect(throws: NetworkError.self) { try await corrupt.load() }
        guard case .fileFailed(let reading) = read else {
            Issue.record("expected a file failure, got \(String(describing: read))")
            return
        }
        #expect(reading.operation == .reading && reading.path == file.path)
        #expect(reading.underlying is DecodingError)
        #expect(!"\(reading)".contains("secret-refresh"))

        // A folder where the file's folder should be: nothing can be written.
        let blocked = FirebaseFileSessionStore(url: file.appending(path: "session.json"))
        let written = await #expect(throws: NetworkError.self) {
            try await blocked.save(FirebaseStoredSession(userID: "ada", refreshToken: "secret-refresh"))
        }
        guard case .fileFailed(let writing) = written else {
            Issue.record("expected a file failure, got \(String(describing: written))")
            return
        }
        #expect(writing.operation == .writing && writing.underlying != nil)
        #expect(!"\(writing)".contains("secret-refresh"))
        #expect(try Data(contentsOf: file).count > 0, "the old file is kept")

        // A folder that is not empty where the file should be: a clear
        // failure, the folder kept as it was, no temporary file left.
        let occupied = folder.appending(path: "occupied.json")
        try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: occupied.appending(path: "inside"))
        let replacing = await #expect(throws: NetworkError.self) {
            try await FirebaseFileSessionStore(url: occupied).save(
                FirebaseStoredSession(userID: "ada", refreshToken: "secret-refresh"))
        }
        guard case .fileFailed(let replaced) = replacing else {
            Issue.record("expected a file failure, got \(String(describing: replacing))")
            return
        }
        #expect(replaced.operation == .writing && !"\(replaced)".contains("secret-refresh"))
        #expect(try Data(contentsOf: occupied.appending(path: "inside")) == Data("keep".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.sorted() == ["occupied.json", "session.json"], "\(left)")
    }

    @Test("Saving over a kept session replaces it whole")
    func fileStoreReplaces() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FirebaseFileSessionStore(url: folder.appending(path: "session.json"))
        try await store.save(FirebaseStoredSession(userID: "ada", refreshToken: "first"))
        try await store.save(FirebaseStoredSession(userID: "bob", email: "bob@example.com", refreshToken: "second"))
        #expect(
            try await store.load()
                == FirebaseStoredSession(userID: "bob", email: "bob@example.com", refreshToken: "second"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session.json"])
    }
}
