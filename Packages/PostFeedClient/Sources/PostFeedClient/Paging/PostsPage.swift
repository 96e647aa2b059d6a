import FirebaseClient
import Foundation
import Models
import Networking

/// A page of the feed as Firebase answers it, read twice: as posts (bad
/// entries skipped and reported by ``Models/PostFeed``) and as raw entries,
/// whose timestamps place the next page even when the entry is malformed.
///
/// Anything but `null` or an object fails to decode, so an array or a
/// scalar where the feed should be is a clear ``NetworkError``.
struct PostsPage: Decodable, Sendable {
    let feed: PostFeed
    let entries: [String: JSON]

    init(from decoder: any Decoder) throws {
        feed = try PostFeed(from: decoder)
        let container = try decoder.singleValueContainer()
        entries = container.decodeNil() ? [:] : try container.decode([String: JSON].self)
    }

    /// Reads a live window of the feed, a raw value, the same way.
    init(_ json: JSON, decoder: JSONDecoder) throws {
        self = try json.decode(PostsPage.self, using: decoder)
    }
}
