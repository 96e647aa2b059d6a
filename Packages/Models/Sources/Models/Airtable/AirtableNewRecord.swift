import Foundation

/// The body that creates one record: `{"fields": {…}}`, the lesson's
/// `ProjectWrapper`.
///
/// ```swift
/// let body = AirtableNewRecord(fields: Project(name: "Test", dueDate: CalendarDate("2024-01-31")))
/// try JSONEncoder.airtable.encode(body)   // {"fields":{"Due date":"2024-01-31","Name":"Test"}}
/// ```
public struct AirtableNewRecord<Fields> {
    /// The fields of the record to create.
    public var fields: Fields

    /// Wraps the fields of a record to create.
    public init(fields: Fields) {
        self.fields = fields
    }
}

extension AirtableNewRecord: Sendable where Fields: Sendable {}
extension AirtableNewRecord: Equatable where Fields: Equatable {}
extension AirtableNewRecord: Hashable where Fields: Hashable {}
extension AirtableNewRecord: Decodable where Fields: Decodable {}
extension AirtableNewRecord: Encodable where Fields: Encodable {}
