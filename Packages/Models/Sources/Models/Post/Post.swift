import Foundation

/// A message on lesson 2's global feed, stored in the Firebase Realtime
/// Database at `posts/<identifier>.json`.
///
/// The identifier is the key Firebase stores the post under, not part of its
/// body: the body is exactly `{"text", "timestamp", "username"}` (see
/// ``Body``), and that is all ``encode(to:)`` writes, ready for the lesson's
/// PUT. Decoding reads the identifier back from the key the post sits under,
/// so a post decodes inside the feed object (``PostFeed``, or
/// `[String: Post]`), never on its own.
///
/// ```swift
/// let post = Post(username: "Ada", text: "Hello")   // a new identifier, now
/// try JSONEncoder.postFeed.encode(post)               // {"text":"Hello","timestamp":…,"username":"Ada"}
/// let nextPageEnd = feed.posts.last?.queryTimestamp   // the lesson's endAt
/// ```
public struct Post: Sendable, Hashable, Identifiable, Codable {
    /// Who wrote it.
    public var username: String
    /// What they wrote.
    public var text: String
    /// When, in seconds since 1970 (`Date().timeIntervalSince1970`).
    public var timestamp: TimeInterval
    /// The key Firebase stores it under; the client makes it, which is what
    /// makes retrying the PUT safe.
    public var identifier: UUID

    /// Creates a post; a new one gets a new identifier and the current time.
    public init(
        username: String,
        text: String,
        timestamp: TimeInterval = Date().timeIntervalSince1970,
        identifier: UUID = UUID()
    ) {
        self.username = username
        self.text = text
        self.timestamp = timestamp
        self.identifier = identifier
    }

    /// Creates a post from a body read under `identifier`.
    public init(_ body: Body, identifier: UUID) {
        self.init(username: body.username, text: body.text, timestamp: body.timestamp, identifier: identifier)
    }

    /// The identifier, for SwiftUI lists.
    public var id: UUID { identifier }

    /// The ``timestamp`` as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: timestamp) }

    /// The timestamp nudged down by 0.000001 s, for the next page's `endAt`.
    ///
    /// Firebase's `endAt` is inclusive: asking for posts that end at this
    /// post's own timestamp returns it again. The lesson's fix is to end the
    /// next query a millionth of a second earlier.
    public var queryTimestamp: TimeInterval { timestamp - 0.000_001 }

    /// What Firebase stores for the post: everything but the identifier.
    public var body: Body {
        Body(username: username, text: text, timestamp: timestamp)
    }

    /// Reads the body, and the identifier from the key it is stored under.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the post is not inside an
    ///   object keyed by a UUID (decode ``Body`` for a lone post); a
    ///   `DecodingError` naming the field when the body is incomplete.
    public init(from decoder: any Decoder) throws {
        let body = try Body(from: decoder)
        guard let key = decoder.codingPath.last else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "A post's identifier is the key it is stored under; "
                        + "decode the feed object, or Post.Body for a single post"
                )
            )
        }
        guard let identifier = UUID(uuidString: key.stringValue) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "The key \"\(key.stringValue)\" is not a UUID"
                )
            )
        }
        self.init(body, identifier: identifier)
    }

    /// Writes the body only: `{"text", "timestamp", "username"}`.
    public func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
    }
}
