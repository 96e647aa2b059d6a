import Foundation
import Models

/// The feed decoded strictly, the baseline of benchmark 3: one bad entry
/// fails the whole body. It produces what ``Models/PostFeed`` produces (posts
/// keyed by UUID, newest first, ties broken by identifier), so the two
/// differ only in how they treat bad entries.
struct StrictPostFeed: Decodable {
    let posts: [Post]

    init(from decoder: any Decoder) throws {
        let bodies = try [String: Post.Body](from: decoder)
        var posts: [Post] = []
        posts.reserveCapacity(bodies.count)
        for (key, body) in bodies {
            guard let identifier = UUID(uuidString: key) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(key) is not a UUID"))
            }
            posts.append(Post(body, identifier: identifier))
        }
        self.posts = posts.sorted { lhs, rhs in
            lhs.timestamp != rhs.timestamp
                ? lhs.timestamp > rhs.timestamp : lhs.identifier.uuidString > rhs.identifier.uuidString
        }
    }
}
