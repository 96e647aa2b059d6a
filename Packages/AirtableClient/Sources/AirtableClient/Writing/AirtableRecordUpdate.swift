/// A record to update or replace in a batch: its id and the fields to write.
///
/// ```swift
/// try await airtable.update([AirtableRecordUpdate(id: "rec…", fields: project)])
/// ```
public struct AirtableRecordUpdate<Fields> {
    /// The record's id, such as `rec3g0Xxmw2rw3scs`.
    public var id: String
    /// The fields to write.
    public var fields: Fields

    /// Creates an update.
    public init(id: String, fields: Fields) {
        self.id = id
        self.fields = fields
    }
}

extension AirtableRecordUpdate: Sendable where Fields: Sendable {}
extension AirtableRecordUpdate: Equatable where Fields: Equatable {}
extension AirtableRecordUpdate: Hashable where Fields: Hashable {}
extension AirtableRecordUpdate: Encodable where Fields: Encodable {}
