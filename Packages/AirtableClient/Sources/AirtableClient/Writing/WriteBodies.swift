import Models

/// `{"fields":{…},"typecast":true}`: one record to create, update or replace.
struct FieldsBody<Fields: Encodable & Sendable>: Encodable, Sendable {
    var fields: Fields
    var typecast: Bool?
}

/// `{"records":[…],"typecast":true,"performUpsert":{…}}`: a batch of at
/// most 10 records.
struct RecordsBody<Record: Encodable & Sendable>: Encodable, Sendable {
    var records: [Record]
    var typecast: Bool?
    var performUpsert: PerformUpsert?
}

/// `{"fieldsToMergeOn":["Name"]}`: the fields that identify an existing
/// record in an upsert.
struct PerformUpsert: Encodable, Sendable {
    var fieldsToMergeOn: [String]
}

/// The records of a batch answer, `{"records":[…]}`, and an upsert's lists
/// of which were created and which updated.
struct RecordsResponse<Fields: Decodable & Sendable>: Decodable, Sendable {
    var records: [AirtableRecord<Fields>]
    var createdRecords: [String]?
    var updatedRecords: [String]?
}

/// `{"records":[{"id":…,"deleted":true}]}`.
struct DeletedRecords: Decodable, Sendable {
    var records: [AirtableDeletedRecord]
}

/// `typecast` is sent only when asked for, so the body stays what the
/// lesson sends by default.
func typecastFlag(_ typecast: Bool) -> Bool? {
    typecast ? true : nil
}

extension Array {
    /// Consecutive slices of at most `size` elements, in order.
    func batches(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: Swift.max(1, size)).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
