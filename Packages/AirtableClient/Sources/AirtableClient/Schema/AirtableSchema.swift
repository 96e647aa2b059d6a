import Foundation
import Networking

/// A field of a table, as the metadata API describes it and takes it.
public struct AirtableFieldSchema: Sendable, Hashable, Codable {
    /// The field id, `fld…`; `nil` for a field being created.
    public var id: String?
    /// The name.
    public var name: String
    /// The type, as Airtable names it (`singleLineText`, `number`,
    /// `dateTime`, `formula`…).
    public var type: String
    /// The description, if any.
    public var description: String?
    /// The type's options (`precision`, `choices`, `formula`…), as JSON.
    public var options: JSON?

    /// A field to create.
    public init(name: String, type: String, description: String? = nil, options: JSON? = nil) {
        self.name = name
        self.type = type
        self.description = description
        self.options = options
    }
}

/// A table of a base, as the metadata API describes it.
public struct AirtableTableSchema: Sendable, Hashable, Decodable {
    /// A view of the table.
    public struct View: Sendable, Hashable, Decodable {
        /// The view id, `viw…`.
        public var id: String
        /// The name.
        public var name: String
        /// The kind of view (`grid`, …).
        public var type: String?
    }

    /// The table id, `tbl…`.
    public var id: String
    /// The name.
    public var name: String
    /// The description, if any.
    public var description: String?
    /// The primary field's id.
    public var primaryFieldID: String?
    /// The fields, the primary first.
    public var fields: [AirtableFieldSchema]
    /// The views.
    public var views: [View]

    enum CodingKeys: String, CodingKey {
        case id, name, description, fields, views
        case primaryFieldID = "primaryFieldId"
    }

    /// A field by id or name.
    public func field(_ key: String) -> AirtableFieldSchema? {
        fields.first { $0.id == key } ?? fields.first { $0.name == key }
    }
}

/// A base the token can use.
public struct AirtableBaseSummary: Sendable, Hashable, Decodable {
    /// The base id, `app…`.
    public var id: String
    /// The name.
    public var name: String
    /// What the token may do in it (`create`, `edit`, `read`…).
    public var permissionLevel: String?
}

/// Who the token belongs to (`GET /v0/meta/whoami`).
public struct AirtableUser: Sendable, Hashable, Decodable {
    /// The user id, `usr…`.
    public var id: String
    /// The email address, with the `user.email:read` scope.
    public var email: String?
    /// The token's scopes.
    public var scopes: [String]?
}
