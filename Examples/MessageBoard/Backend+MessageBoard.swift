import ExampleSupport
import FirebaseClient
import MessageBoardClient

extension Backend {
    /// The lesson's board on this backend: the `lambda-message-board`
    /// namespace on the Sandbox, the database itself on Firebase, with the
    /// examples' timeout and retries (a message's POST is never retried).
    func messageBoardClient() -> MessageBoardClient {
        var configuration = FirebaseClient.Configuration(
            databaseURL: baseURL,
            namespace: firebaseNamespace(MessageBoardClient.sandboxNamespace),
            credentials: credentials.firebaseAuth.map(FirebaseCredentials.databaseSecret),
            retryPolicy: ExampleRequestPolicy.retryPolicy,
            streaming: FirebaseStreamPolicy(maxConsecutiveFailures: 3)
        )
        configuration.timeout = ExampleRequestPolicy.timeout
        return MessageBoardClient(firebase: FirebaseClient(configuration: configuration))
    }
}
