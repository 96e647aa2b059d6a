import Models
import Networking

extension AirtableClient {
    /// The most records Airtable accepts in one create, update, upsert or
    /// delete request; longer lists are split into requests of this size.
    public static let maximumRecordsPerRequest = 10

    /// Creates one record (`POST …/{table}` with `{"fields":{…}}`) and
    /// returns it with its id and creation time.
    ///
    /// A 429 is retried (it means nothing was written); a lost connection
    /// is not, since the record may exist.
    ///
    /// - Parameters:
    ///   - fields: The new record's fields.
    ///   - typecast: Whether Airtable may convert strings to the fields'
    ///     types and add missing select options.
    public func create<Fields: Codable & Sendable>(
        _ fields: Fields,
        typecast: Bool = false
    ) async throws(NetworkError) -> AirtableRecord<Fields> {
        let request = try tableRequest(.post, as: AirtableRecord<Fields>.self)
            .jsonBody(FieldsBody(fields: fields, typecast: typecastFlag(typecast)))
        return try await http.send(request)
    }

    /// Creates many records, 10 per request, in order, and returns them in
    /// the same order.
    ///
    /// Batches are sent one after another. If one fails, its error is thrown
    /// and the batches before it stay created: 25 records make 3 requests,
    /// and a failure in the third leaves the first 20.
    public func create<Fields: Codable & Sendable>(
        _ records: [Fields],
        typecast: Bool = false
    ) async throws(NetworkError) -> [AirtableRecord<Fields>] {
        var created: [AirtableRecord<Fields>] = []
        for batch in records.batches(of: Self.maximumRecordsPerRequest) {
            let body = RecordsBody(
                records: batch.map { AirtableNewRecord(fields: $0) },
                typecast: typecastFlag(typecast),
                performUpsert: nil
            )
            let request = try tableRequest(.post, as: RecordsResponse<Fields>.self).jsonBody(body)
            created.append(contentsOf: try await http.send(request).records)
        }
        return created
    }
}
