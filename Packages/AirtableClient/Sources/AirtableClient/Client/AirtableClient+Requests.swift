import Foundation
import Networking

extension AirtableClient {
    /// A request to the table (`v0/{baseId}/{table}`) or one of its records
    /// (`…/{recordId}`), each segment percent-encoded on its own so a `/` in
    /// a table name stays part of the name.
    func tableRequest<Value: Decodable>(
        _ method: HTTPMethod,
        record recordID: String? = nil,
        as type: Value.Type = Value.self
    ) throws(NetworkError) -> NetworkRequest<Value> {
        try checkIdentifier(configuration.baseID, "base id")
        try checkIdentifier(configuration.table, "table name or id")
        var request = NetworkRequest<Value>(method: method, path: "v0")
            .appendingPathComponent(configuration.baseID)
            .appendingPathComponent(configuration.table)
        if let recordID {
            try checkIdentifier(recordID, "record id")
            request = request.appendingPathComponent(recordID)
        }
        return request
    }

    /// `v0/<segments…>` outside a table (the metadata API, webhooks,
    /// uploads), each segment encoded on its own; an empty one is refused
    /// before anything is sent, as it would address another resource.
    func apiRequest<Value: Decodable>(_ method: HTTPMethod, _ segments: [String], as type: Value.Type)
        throws(NetworkError) -> NetworkRequest<Value>
    {
        var request = NetworkRequest<Value>(method: method, path: "v0")
        for segment in segments {
            try checkIdentifier(segment, "id in the path")
            request = request.appendingPathComponent(segment)
        }
        return request
    }

    /// An empty id would silently address the table instead of a record (a
    /// GET would list, a DELETE would delete a batch), so it never leaves.
    private func checkIdentifier(_ value: String, _ what: String) throws(NetworkError) {
        guard value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        throw .invalidRequest("The Airtable \(what) is empty.")
    }
}
