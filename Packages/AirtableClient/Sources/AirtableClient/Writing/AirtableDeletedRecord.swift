/// What Airtable answers for a deleted record: `{"id":"rec…","deleted":true}`.
public struct AirtableDeletedRecord: Sendable, Hashable, Codable {
    /// The record's id.
    public var id: String
    /// Whether it was deleted.
    public var deleted: Bool

    /// Creates a deletion result.
    public init(id: String, deleted: Bool) {
        self.id = id
        self.deleted = deleted
    }
}
