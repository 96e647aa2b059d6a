import Foundation
import Networking

extension AirtableClient {
    /// Who the token belongs to, and its scopes.
    public func whoami() async throws(NetworkError) -> AirtableUser {
        try await http.send(metaRequest(.get, ["whoami"], as: AirtableUser.self))
    }

    /// The bases the token can use.
    public func bases() async throws(NetworkError) -> [AirtableBaseSummary] {
        try await http.send(metaRequest(.get, ["bases"], as: BaseList.self)).bases
    }

    /// The tables of the client's base, with their fields and views.
    public func tables() async throws(NetworkError) -> [AirtableTableSchema] {
        try await http.send(metaRequest(.get, ["bases", configuration.baseID, "tables"], as: TableList.self)).tables
    }

    /// Creates a base in a workspace, with its tables; returns the new base's
    /// id and tables.
    public func createBase(named name: String, workspaceID: String, tables: [NewTable])
        async throws(NetworkError) -> (id: String, tables: [AirtableTableSchema])
    {
        let created = try await http.send(
            metaRequest(.post, ["bases"], as: CreatedBase.self)
                .jsonBody(NewBase(name: name, workspaceId: workspaceID, tables: tables)))
        return (created.id, created.tables)
    }

    /// Creates a table in the client's base; the first field is its primary
    /// field.
    public func createTable(_ table: NewTable) async throws(NetworkError) -> AirtableTableSchema {
        try await http.send(
            metaRequest(.post, ["bases", configuration.baseID, "tables"], as: AirtableTableSchema.self).jsonBody(table))
    }

    /// Renames a table or changes its description (`nil` leaves each as it is).
    public func updateTable(_ table: String, name: String? = nil, description: String? = nil)
        async throws(NetworkError) -> AirtableTableSchema
    {
        try await http.send(
            metaRequest(.patch, ["bases", configuration.baseID, "tables", table], as: AirtableTableSchema.self)
                .jsonBody(Rename(name: name, description: description)))
    }

    /// Adds a field to a table.
    public func createField(_ field: AirtableFieldSchema, inTable table: String) async throws(NetworkError)
        -> AirtableFieldSchema
    {
        try await http.send(
            metaRequest(
                .post, ["bases", configuration.baseID, "tables", table, "fields"], as: AirtableFieldSchema.self
            )
            .jsonBody(field))
    }

    /// Renames a field or changes its description.
    public func updateField(_ field: String, inTable table: String, name: String? = nil, description: String? = nil)
        async throws(NetworkError) -> AirtableFieldSchema
    {
        try await http.send(
            metaRequest(
                .patch, ["bases", configuration.baseID, "tables", table, "fields", field], as: AirtableFieldSchema.self
            )
            .jsonBody(Rename(name: name, description: description)))
    }

    /// A table to create: its name, fields (the first is the primary) and
    /// description.
    public struct NewTable: Sendable, Encodable {
        /// The name.
        public var name: String
        /// The description, if any.
        public var description: String?
        /// The fields, the primary first.
        public var fields: [AirtableFieldSchema]

        /// Creates a table description.
        public init(name: String, fields: [AirtableFieldSchema], description: String? = nil) {
            self.name = name
            self.fields = fields
            self.description = description
        }
    }

    /// `v0/meta/<segments…>`.
    private func metaRequest<Value: Decodable>(_ method: HTTPMethod, _ segments: [String], as type: Value.Type)
        throws(NetworkError) -> NetworkRequest<Value>
    {
        try apiRequest(method, ["meta"] + segments, as: type)
    }

    private struct BaseList: Decodable { var bases: [AirtableBaseSummary] }
    private struct TableList: Decodable { var tables: [AirtableTableSchema] }
    private struct CreatedBase: Decodable {
        var id: String
        var tables: [AirtableTableSchema]
    }
    private struct NewBase: Encodable, Sendable {
        var name: String
        var workspaceId: String
        var tables: [NewTable]
    }
    private struct Rename: Encodable, Sendable {
        var name: String?
        var description: String?
    }
}
