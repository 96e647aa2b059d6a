import Foundation
import Models

/// The two ways benchmark 3 decodes a feed.
enum FeedDecoder: String, CaseIterable, Sendable {
    /// `PostFeed`: `LossyDictionary<UUID, Post.Body>`, skipping bad entries.
    case lossy
    /// ``StrictPostFeed``: `[String: Post.Body]`, failing on any bad entry.
    case strict

    /// Decodes `data` and returns the number of posts.
    func decode(_ data: Data, with decoder: JSONDecoder) throws -> Int {
        switch self {
        case .lossy: try decoder.decode(PostFeed.self, from: data).posts.count
        case .strict: try decoder.decode(StrictPostFeed.self, from: data).posts.count
        }
    }
}
