import Models

/// What an upsert did: every record written, and which of them were created
/// and which updated.
public struct AirtableUpsertResult<Fields> {
    /// The written records, in the order they were given.
    public var records: [AirtableRecord<Fields>]
    /// Ids of the records that were created.
    public var createdRecordIDs: [String]
    /// Ids of the existing records that were updated.
    public var updatedRecordIDs: [String]

    /// Creates a result.
    public init(records: [AirtableRecord<Fields>], createdRecordIDs: [String], updatedRecordIDs: [String]) {
        self.records = records
        self.createdRecordIDs = createdRecordIDs
        self.updatedRecordIDs = updatedRecordIDs
    }
}

extension AirtableUpsertResult: Sendable where Fields: Sendable {}
extension AirtableUpsertResult: Equatable where Fields: Equatable {}
extension AirtableUpsertResult: Hashable where Fields: Hashable {}
