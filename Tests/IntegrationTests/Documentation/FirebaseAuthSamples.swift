import FirebaseAuthClient
import FirebaseClient
import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// The FirebaseAuthClient catalog's code, over HTTP to a running Sandbox.
@Suite("Documentation: Firebase Authentication")
struct FirebaseAuthSamples: DocumentationSample {
    @Test("The catalog's overview signs up, signs in and reads the account as shown")
    func overview() async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let password = "correct horse"
            let printed = try await Printed.capture {
                // snippet: firebase-auth-overview
                let auth = FirebaseAuthClient(apiKey: "any-key", endpoints: .emulator(server.baseURL))
                let signedUp = try await auth.signUp(email: "ada@example.com", password: password)
                let user = try await auth.signIn(email: "ada@example.com", password: password)
                let firebase = FirebaseClient(
                    databaseURL: server.baseURL, namespace: "devmtn-post", credentials: .idToken(user.idToken))
                print(user.userID == signedUp.userID, user.email ?? "", user.expiresIn)  // true ada@… 3600.0 seconds
                do throws(NetworkError) {
                    _ = try await auth.signIn(email: "ada@example.com", password: "wrong")
                } catch {
                    print(error.firebaseAuthError?.meaning ?? "")  // The password is wrong.
                }
                // end snippet
                _ = firebase
            }
            #expect(printed == ["true ada@example.com 3600.0 seconds", "The password is wrong."])
        }
    }
}
