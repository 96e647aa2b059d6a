import Foundation

/// One page of Airtable's list-records response: at most 100 records, and an
/// `offset` to ask for the next page when there are more.
///
/// ```swift
/// let page = try JSONDecoder.airtable.decode(AirtableRecordPage<Project>.self, from: data)
/// if let offset = page.offset { /* GET again with ?offset=\(offset) */ }
/// ```
public struct AirtableRecordPage<Fields> {
    /// The records of this page, in the order of the view or sort asked for.
    public var records: [AirtableRecord<Fields>]
    /// Where the next page starts; `nil` on the last page.
    public var offset: String?

    /// Creates a page.
    public init(records: [AirtableRecord<Fields>], offset: String? = nil) {
        self.records = records
        self.offset = offset
    }
}

extension AirtableRecordPage: Sendable where Fields: Sendable {}
extension AirtableRecordPage: Equatable where Fields: Equatable {}
extension AirtableRecordPage: Hashable where Fields: Hashable {}
extension AirtableRecordPage: Decodable where Fields: Decodable {}
extension AirtableRecordPage: Encodable where Fields: Encodable {}
