import ExampleSupport
import FirebaseAuthClient
import FirebaseClient
import MessageBoardClient

extension Backend {
    /// The lesson's board on this backend: the `lambda-message-board`
    /// namespace on the Sandbox, the database itself on Firebase, with the
    /// examples' timeout and retries (a message's POST is never retried);
    /// signed in as the session's user when there is one.
    func messageBoardClient(session: FirebaseAuthSession? = nil) -> MessageBoardClient {
        let configuration = FirebaseClient.Configuration(
            databaseURL: baseURL,
            namespace: firebaseNamespace(MessageBoardClient.sandboxNamespace),
            // A signed-in user's ID token replaces the environment's secret.
            credentials: session == nil ? credentials.firebaseAuth.map(FirebaseCredentials.databaseSecret) : nil,
            streaming: FirebaseStreamPolicy(maxConsecutiveFailures: 3)
        )
        var firebase = FirebaseClient(configuration: configuration, retryPolicy: ExampleRequestPolicy.retryPolicy)
        firebase.http.timeout = ExampleRequestPolicy.timeout
        return MessageBoardClient(firebase: firebase.signedIn(with: session))
    }
}
