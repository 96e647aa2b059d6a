import Foundation
import Models

/// A user's report of a post, stored at `reports/<post>/<report>.json` for
/// whoever moderates the feed.
///
/// It keeps a copy of what was reported, so the report still says what was
/// wrong after the post is edited or deleted.
public struct PostReport: Sendable, Hashable, Codable {
    /// The reported post's identifier.
    public var postIdentifier: UUID
    /// Who wrote the post.
    public var username: String
    /// What the post said when it was reported.
    public var text: String
    /// Why the user reported it.
    public var reason: String
    /// When it was reported, in seconds since 1970, like post timestamps.
    public var timestamp: TimeInterval

    /// Creates a report of `post`, made now unless told otherwise.
    public init(post: Post, reason: String, timestamp: TimeInterval = Date().timeIntervalSince1970) {
        self.postIdentifier = post.identifier
        self.username = post.username
        self.text = post.text
        self.reason = reason
        self.timestamp = timestamp
    }
}
