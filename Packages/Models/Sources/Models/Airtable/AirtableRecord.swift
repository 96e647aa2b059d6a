import Foundation

/// One Airtable record: its id, when it was created, and its `fields` as any
/// `Fields` type, such as ``Project``.
///
/// `createdTime` is ISO-8601 with milliseconds (`2015-02-10T20:57:11.000Z`):
/// decode with `JSONDecoder.airtable` and encode with
/// `JSONEncoder.airtable` so it reads and writes in that form.
public struct AirtableRecord<Fields>: Identifiable {
    /// The record id, such as `rec3g0Xxmw2rw3scs`.
    public var id: String
    /// When the record was created.
    public var createdTime: Date
    /// The record's fields.
    public var fields: Fields
    /// How many comments the record has: sent only when a list asked for
    /// it with `recordMetadata[]=commentCount`, `nil` otherwise.
    public var commentCount: Int?

    /// Creates a record.
    public init(id: String, createdTime: Date, fields: Fields, commentCount: Int? = nil) {
        self.id = id
        self.createdTime = createdTime
        self.fields = fields
        self.commentCount = commentCount
    }
}

extension AirtableRecord: Sendable where Fields: Sendable {}
extension AirtableRecord: Equatable where Fields: Equatable {}
extension AirtableRecord: Hashable where Fields: Hashable {}
extension AirtableRecord: Decodable where Fields: Decodable {}
extension AirtableRecord: Encodable where Fields: Encodable {}
