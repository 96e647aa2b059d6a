import Foundation
import Networking

/// Lesson 2's feed as Firebase answers `GET posts.json`: an object of post
/// bodies keyed by identifier, newest first once decoded.
///
/// Anyone can write to the lesson's database, so a bad entry (a missing
/// field, a wrong type, a key that is not a UUID) is skipped and listed in
/// ``skipped`` with the reason, never fatal. Firebase answers `null` for a
/// path with no data, which decodes as an empty feed.
///
/// ```swift
/// let feed = try JSONDecoder.postFeed.decode(PostFeed.self, from: data)
/// feed.posts      // newest first
/// feed.skipped    // [SkippedElement(key: "not-a-uuid", reason: "the key is not a valid UUID")]
/// ```
public struct PostFeed: Sendable, Equatable, Codable {
    /// The posts that decoded, newest first; posts with the same timestamp
    /// are ordered by identifier, so the order is the same on every run.
    public private(set) var posts: [Post]
    /// The entries that did not decode, by key, with the reason.
    public var skipped: [SkippedElement]

    /// Creates a feed of `posts`, sorted newest first.
    public init(posts: [Post] = [], skipped: [SkippedElement] = []) {
        // A closure, not `Self.isNewer` itself: passed as a function value
        // the comparison is not inlined and the sort copies (and retains)
        // every post it compares, which a profile of benchmark 3 showed
        // costing more than the sorting.
        self.posts = posts.sorted { Self.isNewer($0, than: $1) }
        self.skipped = skipped
    }

    /// Reads every post it can; `null` is an empty feed.
    ///
    /// - Throws: A `DecodingError` only when the body is neither `null` nor a
    ///   JSON object.
    public init(from decoder: any Decoder) throws {
        if try decoder.singleValueContainer().decodeNil() {
            self.init()
            return
        }
        let entries = try LossyDictionary<UUID, Post.Body>(from: decoder)
        self.init(
            posts: entries.elements.map { Post($0.value, identifier: $0.key) },
            skipped: entries.skipped
        )
    }

    /// Writes the posts as Firebase stores them: bodies keyed by identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        for post in posts {
            try container.encode(post.body, forKey: DynamicCodingKey(stringValue: post.identifier.uuidString))
        }
    }

    /// Adds a post in its place, replacing one with the same identifier.
    public mutating func insert(_ post: Post) {
        posts.removeAll { $0.identifier == post.identifier }
        let index = posts.firstIndex { Self.isNewer(post, than: $0) } ?? posts.endIndex
        posts.insert(post, at: index)
    }

    /// Adds the posts of another page, such as the next one, and its skipped
    /// entries; a post already in the feed is replaced, never repeated.
    public mutating func merge(_ page: PostFeed) {
        for post in page.posts {
            insert(post)
        }
        skipped += page.skipped
    }

    private static func isNewer(_ post: Post, than other: Post) -> Bool {
        if post.timestamp != other.timestamp {
            return post.timestamp > other.timestamp
        }
        return post.identifier.uuidString > other.identifier.uuidString
    }
}
