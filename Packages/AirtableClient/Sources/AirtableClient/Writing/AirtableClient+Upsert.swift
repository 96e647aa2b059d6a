import Models
import Networking

extension AirtableClient {
    /// Creates or updates records, 10 per request: a record whose
    /// `fieldsToMergeOn` values match an existing record updates it, any
    /// other is created (`PATCH …/{table}` with `performUpsert`).
    ///
    /// ```swift
    /// let result = try await airtable.upsert(projects, mergingOn: ["Name"])
    /// result.createdRecordIDs  // the projects that were new
    /// ```
    ///
    /// - Parameters:
    ///   - records: The fields of each record.
    ///   - fieldsToMergeOn: One to three fields whose values identify a
    ///     record (Airtable checks the count and types).
    ///   - replacing: Whether matched records are replaced (`PUT`, clearing
    ///     the fields left out) rather than updated.
    ///   - typecast: Whether Airtable may convert values to the fields' types.
    /// - Throws: The first failed batch's error; earlier batches stay written.
    public func upsert<Fields: Codable & Sendable>(
        _ records: [Fields],
        mergingOn fieldsToMergeOn: [String],
        replacing: Bool = false,
        typecast: Bool = false
    ) async throws(NetworkError) -> AirtableUpsertResult<Fields> {
        var result = AirtableUpsertResult<Fields>(records: [], createdRecordIDs: [], updatedRecordIDs: [])
        for batch in records.batches(of: Self.maximumRecordsPerRequest) {
            let body = RecordsBody(
                records: batch.map { AirtableNewRecord(fields: $0) },
                typecast: typecastFlag(typecast),
                performUpsert: PerformUpsert(fieldsToMergeOn: fieldsToMergeOn)
            )
            let request = try tableRequest(replacing ? .put : .patch, as: RecordsResponse<Fields>.self)
                .jsonBody(body)
            let response = try await http.send(request)
            result.records.append(contentsOf: response.records)
            result.createdRecordIDs.append(contentsOf: response.createdRecords ?? [])
            result.updatedRecordIDs.append(contentsOf: response.updatedRecords ?? [])
        }
        return result
    }
}
