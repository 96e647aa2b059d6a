import Models
import Networking

/// What one ``PostFeedClient/fetchPosts(reset:)`` added to the feed.
public struct PostPage: Sendable, Equatable {
    /// The posts this page added, newest first: none already in the feed,
    /// none hidden by this user.
    public var posts: [Post]
    /// The entries on this page that are not posts (a missing field, a
    /// wrong type, a key that is not a UUID), with the reason.
    public var skipped: [SkippedElement]
    /// Whether this page reached the oldest post: asking for the next page
    /// would add nothing.
    public var hasReachedEnd: Bool

    /// Creates a page.
    public init(posts: [Post], skipped: [SkippedElement], hasReachedEnd: Bool) {
        self.posts = posts
        self.skipped = skipped
        self.hasReachedEnd = hasReachedEnd
    }
}
