import FirebaseClient
import Foundation
import Networking
import Sandbox
import Synchronization
import Testing

@testable import FirebaseAuthClient

/// The client against the Sandbox's Auth emulator, in process.
@Suite("FirebaseAuthClient against the Sandbox")
struct FirebaseAuthClientTests {
    /// A sandbox whose Auth emulator reads `clock`, and a client of it that
    /// records what its observers see.
    static func make(clock: Clock = Clock()) async throws -> (Sandbox, FirebaseAuthClient, Records) {
        var configuration = SandboxConfiguration()
        configuration.firebaseAuth.now = { clock.now }
        let sandbox = try await Sandbox(configuration: configuration)
        var auth = FirebaseAuthClient(
            apiKey: "web-api-key-123", endpoints: .emulator(Sandbox.baseURL), transport: SandboxTransport(sandbox),
            retryPolicy: RetryPolicy(maxAttempts: 1))
        let records = Records()
        auth.http.observers.append(NetworkObserver { records.append($0.description + " " + $0.url) })
        return (sandbox, auth, records)
    }

    @Test("Sign up, sign in with the right and a wrong password, and anonymously")
    func signIn() async throws {
        let (sandbox, auth, records) = try await Self.make()
        let signedUp = try await auth.signUp(email: "ada@example.com", password: "correct horse")
        #expect(signedUp.email == "ada@example.com")
        #expect(signedUp.expiresIn == .seconds(3600))
        let signedIn = try await auth.signIn(email: "ada@example.com", password: "correct horse")
        #expect(signedIn.userID == signedUp.userID)
        do throws(NetworkError) {
            _ = try await auth.signIn(email: "ada@example.com", password: "wrong password")
            Issue.record("signed in with a wrong password")
        } catch {
            #expect(error.firebaseAuthError == .invalidPassword)
            #expect(error.status == 400)
        }
        do throws(NetworkError) {
            _ = try await auth.signUp(email: "ada@example.com", password: "another one")
        } catch {
            #expect(error.firebaseAuthError == .emailExists)
            #expect(error.firebaseAuthError?.meaning.contains("already exists") == true)
        }
        #expect(try await auth.signInMethods(forEmail: "ada@example.com") == ["password"])
        #expect(try await auth.signInMethods(forEmail: "nobody@example.com") == [])
        let anonymous = try await auth.signInAnonymously()
        #expect(anonymous.email == nil)
        #expect(await sandbox.firebaseAuth.accountCount == 2)
        let seen = records.all.joined(separator: "\n") + String(describing: signedIn) + String(describing: auth)
        for secret in [
            "web-api-key-123", "correct horse", String(signedIn.idToken.prefix(30)),
            String(signedIn.refreshToken.prefix(30)),
        ] {
            #expect(!seen.contains(secret))
        }
        #expect(seen.contains("key=REDACTED"))
    }

    @Test("A lifetime that is not a few digits is taken as Firebase's hour, never trapped on")
    func lifetimes() {
        #expect(FirebaseSignIn.lifetime("3600") == .seconds(3600))
        #expect(FirebaseSignIn.lifetime("120") == .seconds(120))
        for text in ["99999999999999999999", "-5", "1e3", "", "soon"] {
            #expect(FirebaseSignIn.lifetime(text) == .seconds(3600), "\(text)")
        }
    }

    @Test("Refresh: a new ID token; after the emulator's clock passes an hour, the old one is expired")
    func refresh() async throws {
        let clock = Clock()
        let (_, auth, _) = try await Self.make(clock: clock)
        let signedIn = try await auth.signUp(email: "ada@example.com", password: "correct horse")
        clock.advance(by: 3600)
        do throws(NetworkError) {
            _ = try await auth.accountInfo(idToken: signedIn.idToken)
            Issue.record("an expired token was taken")
        } catch {
            guard case .unauthenticated = error else { throw error }
            #expect(error.firebaseAuthError == .tokenExpired)
        }
        let refreshed = try await auth.refresh(signedIn.refreshToken)
        #expect(refreshed.userID == signedIn.userID)
        #expect(try await auth.accountInfo(idToken: refreshed.idToken).email == "ada@example.com")
        do throws(NetworkError) {
            _ = try await auth.refresh("not-a-refresh-token")
        } catch {
            #expect(error.firebaseAuthError == .invalidRefreshToken)
        }
    }

    @Test("Password reset with the code the emulator kept instead of emailing it")
    func passwordReset() async throws {
        let (sandbox, auth, _) = try await Self.make()
        _ = try await auth.signUp(email: "ada@example.com", password: "correct horse")
        try await auth.sendPasswordReset(email: "ada@example.com")
        let code = try #require(await sandbox.firebaseAuth.outOfBandCodes.last)
        #expect(try await auth.verifyPasswordResetCode(code.oobCode).email == "ada@example.com")
        try await auth.confirmPasswordReset(code: code.oobCode, newPassword: "battery staple")
        #expect(try await auth.signIn(email: "ada@example.com", password: "battery staple").email == "ada@example.com")
    }

    @Test("The Sandbox's request log keeps passwords, tokens, reset codes and hashes out, in bodies and queries")
    func logRedaction() async throws {
        let (sandbox, auth, _) = try await Self.make()
        let signedIn = try await auth.signUp(email: "ada@example.com", password: "correct horse")
        _ = try await auth.refresh(signedIn.refreshToken)
        // Before the reset: a new password revokes the tokens issued in an
        // earlier second, as Firebase's does (TOKEN_EXPIRED).
        _ = try await auth.accountInfo(idToken: signedIn.idToken)
        try await auth.sendPasswordReset(email: "ada@example.com")
        let code = try #require(await sandbox.firebaseAuth.outOfBandCodes.last)
        try await auth.confirmPasswordReset(code: code.oobCode, newPassword: "battery staple")
        var logged = ""
        for entry in await sandbox.requests.all {
            logged +=
                entry.path + (entry.rawQuery ?? "") + (entry.requestBody.redactedText() ?? "")
                + (entry.responseBody.redactedText() ?? "")
        }
        #expect(logged.contains("REDACTED"))
        for secret in [
            "correct horse", "battery staple", "web-api-key-123", code.oobCode, String(signedIn.idToken.prefix(40)),
            String(signedIn.refreshToken.prefix(40)),
        ] {
            #expect(!logged.contains(secret), "\(secret)")
        }
        let hash = try #require(await sandbox.firebaseAuth.allAccounts.first?.passwordHash)
        #expect(!logged.contains(hash))
    }

    @Test("Profile, verification, and deleting the account")
    func account() async throws {
        let (sandbox, auth, _) = try await Self.make()
        let signedIn = try await auth.signUp(email: "ada@example.com", password: "correct horse")
        try await auth.updateProfile(idToken: signedIn.idToken, displayName: "Ada Lovelace")
        try await auth.sendEmailVerification(idToken: signedIn.idToken)
        let code = try #require(await sandbox.firebaseAuth.outOfBandCodes.last)
        try await auth.confirmEmailVerification(code: code.oobCode)
        let info = try await auth.accountInfo(idToken: signedIn.idToken)
        #expect(info.displayName == "Ada Lovelace")
        #expect(info.emailVerified == true)
        try await auth.deleteAccount(idToken: signedIn.idToken)
        #expect(await sandbox.firebaseAuth.accountCount == 0)
    }

    @Test("Signed in, a user writes under rules on auth.uid; another user's write is forbidden, not unauthenticated")
    func databaseRules() async throws {
        let (sandbox, auth, _) = try await Self.make()
        let admin = FirebaseClientHarness.client(sandbox, credentials: .accessToken("owner"))
        try await admin.setRules(
            #"{"rules": {"users": {"$uid": {".read": "auth.uid == $uid", ".write": "auth.uid == $uid"}}}}"#)
        let ada = try await auth.signUp(email: "ada@example.com", password: "correct horse")
        let firebase = FirebaseClientHarness.client(sandbox, credentials: .idToken(ada.idToken))
        try await firebase.put(["name": "Ada"], at: "users/\(ada.userID)")
        do throws(NetworkError) {
            try await firebase.put(["name": "Mallory"], at: "users/someone-else")
            Issue.record("wrote another user's data")
        } catch {
            guard case .forbidden(let failure) = error else { throw error }
            #expect(failure.message?.message == "Permission denied")
        }
    }
}

/// A time the test moves.
final class Clock: Sendable {
    private let offset = Mutex<TimeInterval>(0)
    var now: Date { Date().addingTimeInterval(offset.withLock { $0 }) }
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}

/// Lines observers saw.
final class Records: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Realtime Database clients of the same sandbox.
enum FirebaseClientHarness {
    static func client(_ sandbox: Sandbox, credentials: FirebaseCredentials?) -> FirebaseClient {
        FirebaseClient(
            configuration: .init(databaseURL: Sandbox.baseURL, namespace: "auth-test", credentials: credentials),
            transport: SandboxTransport(sandbox), retryPolicy: RetryPolicy(maxAttempts: 1))
    }
}
