import FirebaseAuthClient
import FirebaseClient
import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// The Auth client over real HTTP to a SandboxServer, on each transport:
/// sign-up, sign-in, refresh, password reset and deletion, then a signed-in
/// user writing under rules on `auth.uid`, and an expired token refreshed
/// once by the database client's interceptor.
@Suite("Firebase Authentication over HTTP, on both transports")
struct FirebaseAuthIntegrationTests {
    @Test("Sign up, sign in, refresh, reset a password and delete, over HTTP", arguments: TestTransport.allCases)
    func lifecycle(kind: TestTransport) async throws {
        try await FirebaseTestServer.run { server in
            let auth = FirebaseAuthClient(
                apiKey: "any-key", endpoints: .emulator(server.baseURL), transport: kind.transport)
            let signedUp = try await auth.signUp(email: "ada@example.com", password: "correct horse")
            do throws(NetworkError) {
                _ = try await auth.signIn(email: "ada@example.com", password: "wrong password")
                Issue.record("signed in with a wrong password")
            } catch {
                #expect(error.firebaseAuthError == .invalidPassword)
            }
            let refreshed = try await auth.refresh(signedUp.refreshToken)
            #expect(refreshed.userID == signedUp.userID)
            try await auth.sendPasswordReset(email: "ada@example.com")
            let code = try #require(await server.sandbox.firebaseAuth.outOfBandCodes.last)
            try await auth.confirmPasswordReset(code: code.oobCode, newPassword: "battery staple")
            let signedIn = try await auth.signIn(email: "ada@example.com", password: "battery staple")
            let anonymous = try await auth.signInAnonymously()
            #expect(anonymous.userID != signedIn.userID)
            try await auth.deleteAccount(idToken: signedIn.idToken)
            #expect(await server.sandbox.firebaseAuth.accountCount == 1)
        }
    }

    @Test(
        "Under secured rules a signed-in author writes; an expired session refreshes once; another's write is forbidden"
    )
    func securedDatabase() async throws {
        try await FirebaseTestServer.run { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let admin = FirebaseTestServer.client(of: server, namespace: namespace, credentials: .accessToken("owner"))
            try await admin.setRules(
                #"{"rules": {"posts": {".read": true, "$uid": {".write": "auth != null && auth.uid == $uid"}}}}"#)
            let auth = FirebaseAuthClient(apiKey: "any-key", endpoints: .emulator(server.baseURL))
            let ada = try await auth.signUp(email: "ada@example.com", password: "correct horse")
            // The session starts with an expired token, as after an hour.
            let expired = FirebaseEmulator.unsignedIDToken(uid: ada.userID, lifetime: .seconds(-60))
            let tokens = AccessTokenStore(token: expired) { () async throws(NetworkError) in
                try await auth.refresh(ada.refreshToken).idToken
            }
            var firebase = FirebaseTestServer.client(of: server, namespace: namespace)
            firebase.http.interceptors.append(FirebaseIDTokenInterceptor(tokens: tokens))
            try await firebase.put(["text": "Hello"], at: "posts/\(ada.userID)")
            #expect(await tokens.refreshCount == 1)
            do throws(NetworkError) {
                try await firebase.put(["text": "Not mine"], at: "posts/someone-else")
                Issue.record("wrote another user's post")
            } catch {
                guard case .forbidden = error else { throw error }
            }
            #expect(await tokens.refreshCount == 1)
            #expect(try await admin.get("posts/\(ada.userID)/text", as: String.self) == "Hello")
        }
    }
}
