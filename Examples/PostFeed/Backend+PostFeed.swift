import ExampleSupport
import FirebaseAuthClient
import FirebaseClient
import Foundation
import PostFeedClient

extension Backend {
    /// The lesson's feed on this backend: the `devmtn-post` namespace on the
    /// Sandbox, the database itself on Firebase, with the examples' timeout
    /// and retries, and the hidden posts kept in `state`; signed in as the
    /// session's user when there is one.
    func postFeedClient(state: PostFeedState, session: FirebaseAuthSession? = nil) -> PostFeedClient {
        let configuration = FirebaseClient.Configuration(
            databaseURL: baseURL,
            namespace: firebaseNamespace(PostFeedClient.sandboxNamespace),
            // A signed-in user's ID token replaces the environment's secret.
            credentials: session == nil ? credentials.firebaseAuth.map(FirebaseCredentials.databaseSecret) : nil,
            // A command line gives up on a stream that keeps failing, where
            // an app would keep trying for as long as the screen shows.
            streaming: FirebaseStreamPolicy(maxConsecutiveFailures: 3)
        )
        var firebase = FirebaseClient(configuration: configuration, retryPolicy: ExampleRequestPolicy.retryPolicy)
        firebase.http.timeout = ExampleRequestPolicy.timeout
        return PostFeedClient(
            firebase: firebase.signedIn(with: session),
            hiddenPosts: HiddenPostStore(fileURL: state.hiddenPostsFile)
        )
    }
}
