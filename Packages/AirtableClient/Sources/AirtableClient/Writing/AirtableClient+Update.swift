import Models
import Networking

extension AirtableClient {
    /// Updates the given fields of one record (`PATCH …/{table}/{id}`),
    /// leaving its other fields as they are, and returns the whole record.
    public func update<Fields: Codable & Sendable>(
        _ recordID: String,
        fields: Fields,
        typecast: Bool = false
    ) async throws(NetworkError) -> AirtableRecord<Fields> {
        try await write(.patch, recordID, fields: fields, typecast: typecast)
    }

    /// Updates many records, 10 per request (`PATCH …/{table}`), and returns
    /// them in the order given. A failed batch is thrown; earlier ones stay
    /// written.
    public func update<Fields: Codable & Sendable>(
        _ records: [AirtableRecordUpdate<Fields>],
        typecast: Bool = false
    ) async throws(NetworkError) -> [AirtableRecord<Fields>] {
        try await write(.patch, records, typecast: typecast)
    }

    /// Replaces one record (`PUT …/{table}/{id}`): the given fields are
    /// written and every other field is cleared.
    public func replace<Fields: Codable & Sendable>(
        _ recordID: String,
        fields: Fields,
        typecast: Bool = false
    ) async throws(NetworkError) -> AirtableRecord<Fields> {
        try await write(.put, recordID, fields: fields, typecast: typecast)
    }

    /// Replaces many records, 10 per request (`PUT …/{table}`), clearing
    /// every field a record's `fields` leaves out. A failed batch is thrown;
    /// earlier ones stay written.
    public func replace<Fields: Codable & Sendable>(
        _ records: [AirtableRecordUpdate<Fields>],
        typecast: Bool = false
    ) async throws(NetworkError) -> [AirtableRecord<Fields>] {
        try await write(.put, records, typecast: typecast)
    }

    private func write<Fields: Codable & Sendable>(
        _ method: HTTPMethod,
        _ recordID: String,
        fields: Fields,
        typecast: Bool
    ) async throws(NetworkError) -> AirtableRecord<Fields> {
        let request = try tableRequest(method, record: recordID, as: AirtableRecord<Fields>.self)
            .jsonBody(FieldsBody(fields: fields, typecast: typecastFlag(typecast)))
        return try await http.send(request)
    }

    private func write<Fields: Codable & Sendable>(
        _ method: HTTPMethod,
        _ records: [AirtableRecordUpdate<Fields>],
        typecast: Bool
    ) async throws(NetworkError) -> [AirtableRecord<Fields>] {
        var written: [AirtableRecord<Fields>] = []
        for batch in records.batches(of: Self.maximumRecordsPerRequest) {
            let body = RecordsBody(records: Array(batch), typecast: typecastFlag(typecast), performUpsert: nil)
            let request = try tableRequest(method, as: RecordsResponse<Fields>.self).jsonBody(body)
            written.append(contentsOf: try await http.send(request).records)
        }
        return written
    }
}
