import Foundation
import Networking

extension AirtableClient {
    /// Deletes one record (`DELETE …/{table}/{id}`).
    ///
    /// - Throws: `NetworkError.notFound` when there is no such record.
    @discardableResult
    public func delete(_ recordID: String) async throws(NetworkError) -> AirtableDeletedRecord {
        try await http.send(tableRequest(.delete, record: recordID, as: AirtableDeletedRecord.self))
    }

    /// Deletes many records, 10 per request (`DELETE …/{table}?records[]=…`),
    /// and returns what Airtable answered for each, in order. A failed batch
    /// is thrown; earlier batches stay deleted.
    ///
    /// - Throws: `NetworkError.invalidURL` before anything is sent when an
    ///   id is empty.
    @discardableResult
    public func delete(_ recordIDs: [String]) async throws(NetworkError) -> [AirtableDeletedRecord] {
        if recordIDs.contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
            throw .invalidRequest("An Airtable record id to delete is empty.")
        }
        var deleted: [AirtableDeletedRecord] = []
        for batch in recordIDs.batches(of: Self.maximumRecordsPerRequest) {
            let request = try tableRequest(.delete, as: DeletedRecords.self)
                .query(batch.map { QueryItem(name: "records[]", value: $0) })
            deleted.append(contentsOf: try await http.send(request).records)
        }
        return deleted
    }
}
