import FirebaseAuthClient
import FirebaseClient
import Foundation
import Networking

extension Backend {
    /// A session signed in as `options` ask, or `nil` when they name no
    /// user. Against the Sandbox (or any `--base-url` without
    /// `FIREBASE_API_KEY`), Firebase Authentication is the Sandbox's own
    /// emulator; with `FIREBASE_API_KEY`, the real service.
    ///
    /// A new account gets `displayName` as its name, which the rules see as
    /// `auth.token.name`.
    public func signIn(
        _ options: SignInOptions, displayName: String?, environment: DotEnv = DotEnv()
    ) async throws -> FirebaseAuthSession? {
        guard let email = options.email else { return nil }
        let password = try options.password(environment: environment)
        let key = environment["FIREBASE_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        var auth = FirebaseAuthClient(
            apiKey: key ?? "sandbox", endpoints: key == nil ? .emulator(baseURL) : .production,
            retryPolicy: ExampleRequestPolicy.retryPolicy)
        auth.http.timeout = ExampleRequestPolicy.timeout
        let session = FirebaseAuthSession(auth: auth)
        do throws(NetworkError) {
            if options.signUp {
                try await session.signUp(email: email, password: password, displayName: displayName)
            } else {
                try await session.signIn(email: email, password: password)
            }
        } catch {
            throw ExampleFailure(
                "Could not sign in as \(email): \(error.firebaseAuthError?.meaning ?? error.description)")
        }
        return session
    }
}

extension FirebaseClient {
    /// Signed in as the session's user when there is one.
    public func signedIn(with session: FirebaseAuthSession?) -> FirebaseClient {
        session.map { signedIn(with: $0) } ?? self
    }
}
