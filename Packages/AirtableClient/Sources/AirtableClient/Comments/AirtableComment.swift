import Foundation
import Networking

/// A comment on a record, as Airtable's comments API answers it.
public struct AirtableComment: Sendable, Hashable, Decodable {
    /// Who wrote a comment or is mentioned in one.
    public struct User: Sendable, Hashable, Decodable {
        /// The user id, `usr…`.
        public var id: String
        /// The email address, when Airtable shares it.
        public var email: String?
        /// The display name, when Airtable shares it.
        public var name: String?
        /// The name a mention shows (`displayName` in `mentioned`).
        public var displayName: String?
    }

    /// The comment id, `com…`.
    public var id: String
    /// The text; mentions appear as `@[usr…]`.
    public var text: String
    /// Who wrote it.
    public var author: User
    /// When it was written.
    public var createdTime: Date
    /// When it was last edited, if ever.
    public var lastUpdatedTime: Date?
    /// The users the text mentions, by id.
    public var mentioned: [String: User]
    /// The comment this one answers, in a thread.
    public var parentCommentID: String?

    enum CodingKeys: String, CodingKey {
        case id, text, author, createdTime, lastUpdatedTime, mentioned
        case parentCommentID = "parentCommentId"
    }

    /// Decodes a comment; a missing `mentioned` is no mentions.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
        author = try container.decode(User.self, forKey: .author)
        createdTime = try container.decode(Date.self, forKey: .createdTime)
        lastUpdatedTime = try container.decodeIfPresent(Date.self, forKey: .lastUpdatedTime)
        mentioned = try container.decodeIfPresent([String: User].self, forKey: .mentioned) ?? [:]
        parentCommentID = try container.decodeIfPresent(String.self, forKey: .parentCommentID)
    }
}
