import FirebaseClient
import Foundation
import Models
import Networking

extension PostFeedClient {
    /// Posts a message to the feed, and adds it to the feed at once.
    ///
    /// As in the lesson, it PUTs to `posts/<identifier>.json` under a UUID
    /// the client made: sending the same PUT twice stores the post once,
    /// which is what lets the client retry it after a dropped connection
    /// or a 503. It asks for `print=silent`, since the echo would only
    /// repeat what was sent.
    ///
    /// - Returns: The new post.
    @discardableResult
    public func addPost(username: String, text: String) async throws(NetworkError) -> Post {
        let post = Post(username: username, text: text)
        try await firebase.put(post.body, at: "\(postsPath)/\(post.identifier.uuidString)", silently: true)
        hold(post)
        publish()
        return post
    }
}
