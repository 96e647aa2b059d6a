import Foundation
import Models
import Networking

/// Told by a ``PostController`` whenever its posts change: lesson 2's
/// delegate, which the post list adopts to reload its table.
@MainActor
public protocol PostControllerDelegate: AnyObject {
    /// The controller's ``PostController/posts`` were just set.
    func postsUpdated(_ posts: [Post])
}

/// Lesson 2's `PostController` in the lesson's own shape: a class whose
/// ``posts`` a table view shows, a ``delegate`` told when they change, and
/// optional completions run on the main queue.
///
/// ```swift
/// let postController = PostController(client: feed)  // fetches the newest 15 at once
/// postController.delegate = self  // postsUpdated(_:) reloads the table
/// postController.fetchPosts(reset: false) { result in  // the next page, when the last cell shows
///     if case .success(let page) = result, !page.isEmpty { tableView.reloadData() }
/// }
/// postController.addPost(username: "Ada", text: "Hello")  // then fetches the feed again
/// ```
///
/// The feed itself (the posts fetched so far, where the next page starts,
/// what is hidden) is held by its ``PostFeedClient``, which pages without
/// repeats; ``posts`` is that feed as the main queue sees it, set after
/// every call. `async` code can use the client directly.
@MainActor
public final class PostController {
    /// The lesson's `baseURL`, the feed's `posts` folder on its long-gone
    /// database; the Sandbox serves the same data in its `devmtn-post`
    /// namespace.
    public static let baseURL = PostFeedClient.lessonDatabaseURL.appending(path: "posts")

    /// Told whenever ``posts`` is set.
    public weak var delegate: (any PostControllerDelegate)?

    /// The posts to show, newest first.
    public private(set) var posts: [Post] = [] {
        didSet { delegate?.postsUpdated(posts) }
    }

    /// The client that holds the feed and makes the requests.
    public let client: PostFeedClient

    /// Creates a controller and, as the lesson's `init()` does, starts
    /// fetching the newest posts.
    ///
    /// - Parameters:
    ///   - client: The feed client.
    ///   - fetchingPosts: Whether to call ``fetchPosts(reset:completion:)``
    ///     now; `true`, as in the lesson.
    public init(client: PostFeedClient, fetchingPosts: Bool = true) {
        self.client = client
        if fetchingPosts {
            fetchPosts()
        }
    }

    /// Fetches the newest posts (`reset`) or the page before the oldest
    /// held, with the lesson's `orderBy`, `endAt` and `limitToLast`, then
    /// sets ``posts``.
    ///
    /// - Parameters:
    ///   - reset: `true` to start from the newest posts, `false` for the
    ///     next older page.
    ///   - completion: Called on the main queue after ``posts`` was set,
    ///     with the posts this fetch added (empty once paging reached the
    ///     oldest post), or the error; ``posts`` is then unchanged.
    /// - Returns: A handle to cancel the request.
    @discardableResult
    public func fetchPosts(
        reset: Bool = true,
        completion: (@MainActor @Sendable (Result<[Post], NetworkError>) -> Void)? = nil
    ) -> NetworkTask {
        let client = client
        return NetworkTask(
            completion: { [self] (result: Result<([Post], [Post]), NetworkError>) in
                // Not `completion?(show(result))`: with no completion, the
                // optional chain would skip `show` and the posts with it.
                let shown = show(result)
                completion?(shown)
            },
            operation: { () async throws(NetworkError) in
                let page = try await client.fetchPosts(reset: reset)
                return (page.posts, await client.posts)
            })
    }

    /// Posts a message with a PUT under a new UUID, then, as the lesson
    /// does, fetches the newest posts again, so ``posts`` has the new post
    /// and any others posted meanwhile.
    ///
    /// If the post was stored but the fetch after it fails, ``posts`` still
    /// gains the new post and the completion gets it: only the others that
    /// arrived meanwhile are missing until the next fetch.
    ///
    /// - Parameters:
    ///   - username: Who posts.
    ///   - text: The message.
    ///   - completion: Called on the main queue after ``posts`` was set,
    ///     with the new post or the error of its PUT.
    /// - Returns: A handle to cancel the request.
    @discardableResult
    public func addPost(
        username: String,
        text: String,
        completion: (@MainActor @Sendable (Result<Post, NetworkError>) -> Void)? = nil
    ) -> NetworkTask {
        let client = client
        return NetworkTask(
            completion: { [self] (result: Result<(Post, [Post]), NetworkError>) in
                // Not `completion?(show(result))`: with no completion, the
                // optional chain would skip `show` and the posts with it.
                let shown = show(result)
                completion?(shown)
            },
            operation: { () async throws(NetworkError) in
                let post = try await client.addPost(username: username, text: text)
                _ = try? await client.fetchPosts(reset: true)
                return (post, await client.posts)
            })
    }

    /// Sets ``posts`` from a successful call's feed (the second value),
    /// and returns what its completion gets (the first).
    private func show<Value>(_ result: Result<(Value, [Post]), NetworkError>) -> Result<Value, NetworkError> {
        result.map { value, feed in
            posts = feed
            return value
        }
    }
}
