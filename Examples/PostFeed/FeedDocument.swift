import Foundation
import Networking
import ViewModels

/// `--json` for `list`: the rows as the screen holds them, whether the
/// feed goes on, and what was skipped.
struct FeedDocument: Encodable {
    /// An entry of the feed that is not a post.
    struct Skipped: Encodable {
        var key: String
        var reason: String
    }

    var posts: [PostCell.ViewModel]
    var hasReachedEnd: Bool
    var skipped: [Skipped]

    @MainActor
    init(_ screen: PostFeedViewModel) {
        posts = screen.rows
        hasReachedEnd = screen.hasReachedEnd
        skipped = screen.skipped.map { Skipped(key: $0.key, reason: $0.reason) }
    }
}
