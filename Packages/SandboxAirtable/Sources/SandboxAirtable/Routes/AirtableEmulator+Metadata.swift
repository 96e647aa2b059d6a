import Foundation
import Networking
import SandboxCore

extension AirtableEmulator {
    /// `GET /v0/meta/whoami`: the sandbox's one user and the token's scopes.
    func whoami() -> SandboxResponse {
        .json(
            200,
            [
                "id": AirtableCells.sandboxUser["id"] ?? .null,
                "email": AirtableCells.sandboxUser["email"] ?? .null,
                "scopes": [
                    "data.records:read", "data.records:write", "data.recordComments:read",
                    "data.recordComments:write", "schema.bases:read", "schema.bases:write", "webhook:manage",
                ],
            ])
    }

    /// `GET /v0/meta/bases`.
    func listBases() async -> SandboxResponse {
        let bases = await store.allBases.map { base -> JSON in
            ["id": .string(base.id), "name": .string(base.name), "permissionLevel": "create"]
        }
        return .json(200, ["bases": .array(bases)])
    }

    /// The base of a `/v0/meta/bases/{base}/…` request: it exists (a
    /// well-formed id that does not is `MODEL_ID_NOT_FOUND`), then the rate
    /// limit.
    func metadataBase(_ id: String) async throws(AirtableFailure) -> AirtableBase {
        guard let base = await store.base(id) else {
            throw AirtableID.isValid(id, prefix: "app") ? .modelNotFound : .notFound
        }
        guard await rateLimiter.admit(base: base.id) else { throw .rateLimited }
        return base
    }

    /// `POST /v0/meta/bases/{base}/tables`.
    func createTable(_ request: SandboxRequest, in base: AirtableBase) async throws(AirtableFailure) -> SandboxResponse
    {
        let body = try Self.jsonBody(request)
        let table = try AirtableSchemaCodec.table(body, keepsIDs: false, position: base.tables.count)
        guard base.tables.count < AirtableSchemaCodec.maxTables else {
            throw AirtableSchemaCodec.schemaError(
                "A base may have at most \(AirtableSchemaCodec.maxTables) tables.")
        }
        guard base.tableIndex(table.name) == nil else {
            throw AirtableSchemaCodec.schemaError(
                "The base already has a table named \(JSON.string(table.name).jsonText).")
        }
        do {
            try await store.addTable(table, toBase: base.id)
        } catch {
            throw .storageFailed
        }
        return .json(200, AirtableSchemaCodec.json(table))
    }

    /// `PATCH /v0/meta/bases/{base}/tables/{table}`: a new name or
    /// description.
    func updateTable(
        _ request: SandboxRequest, _ tableKey: String, in base: AirtableBase
    ) async throws(AirtableFailure) -> SandboxResponse {
        let body = try Self.jsonBody(request)
        let name = try Self.optionalText(body["name"])
        let description = try Self.optionalText(body["description"])
        guard name != nil || description != nil else { throw .invalidRequest }
        if let name, let other = base.tableIndex(name),
            base.tables[other].id != base.tables[base.tableIndex(tableKey) ?? other].id
        {
            throw AirtableSchemaCodec.schemaError(
                "The base already has a table named \(JSON.string(name).jsonText).")
        }
        let table = try await store.write(base: base.id, table: tableKey) { transaction throws(AirtableFailure) in
            transaction.describe(
                name: name ?? transaction.table.name, description: description ?? transaction.table.description)
            return AirtableSchemaCodec.json(transaction.table)
        }
        return .json(200, table)
    }

    /// `POST /v0/meta/bases/{base}/tables/{table}/fields`.
    func createField(
        _ request: SandboxRequest, table tableKey: String, in base: AirtableBase
    ) async throws(AirtableFailure) -> SandboxResponse {
        let body = try Self.jsonBody(request)
        let field = try await store.write(base: base.id, table: tableKey) { transaction throws(AirtableFailure) in
            let field = try AirtableSchemaCodec.field(body, tableID: transaction.table.id, keepsIDs: false)
            guard transaction.table.fields.count < AirtableSchemaCodec.maxFields,
                !transaction.table.fields.contains(where: { $0.name.lowercased() == field.name.lowercased() })
            else {
                throw AirtableSchemaCodec.schemaError(
                    "The table already has a field named \(JSON.string(field.name).jsonText).")
            }
            transaction.add(field)
            return field.id
        }
        // Read back after the write: a link field has gained its twin's id.
        let added = await store.table(base: base.id, tableKey)?.fields.first { $0.id == field }
        return .json(200, added.map(AirtableSchemaCodec.json) ?? .null)
    }

    /// `PATCH /v0/meta/bases/{base}/tables/{table}/fields/{field}`: a new
    /// name or description.
    func updateField(
        _ request: SandboxRequest, _ fieldKey: String, table tableKey: String, in base: AirtableBase
    ) async throws(AirtableFailure) -> SandboxResponse {
        let body = try Self.jsonBody(request)
        let name = try Self.optionalText(body["name"])
        let description = try Self.optionalText(body["description"])
        guard name != nil || description != nil else { throw .invalidRequest }
        let field = try await store.write(base: base.id, table: tableKey) { transaction throws(AirtableFailure) in
            guard let field = transaction.table.fields.first(where: { $0.id == fieldKey || $0.name == fieldKey })
            else { throw .modelNotFound }
            if let name,
                transaction.table.fields.contains(where: {
                    $0.id != field.id && $0.name.lowercased() == name.lowercased()
                })
            {
                throw AirtableSchemaCodec.schemaError(
                    "The table already has a field named \(JSON.string(name).jsonText).")
            }
            transaction.describeField(
                field.id, name: name ?? field.name, description: description ?? field.description)
            return transaction.table.fields.first { $0.id == field.id }.map(AirtableSchemaCodec.json) ?? .null
        }
        return .json(200, field)
    }

    /// `POST /v0/meta/bases`: `{"name", "workspaceId", "tables": [...]}`,
    /// answered with `{"id", "tables": [...]}`.
    func createBase(_ request: SandboxRequest) async throws(AirtableFailure) -> SandboxResponse {
        let body = try Self.jsonBody(request)
        guard body["workspaceId"]?.stringValue != nil else { throw .missingFields("workspaceId") }
        // A new base gets new ids: any the body gives are refused.
        guard body["id"] == nil else { throw .invalidRequest }
        guard await store.allBases.count < AirtableSchemaCodec.maxBases else {
            throw AirtableSchemaCodec.schemaError("The sandbox holds at most \(AirtableSchemaCodec.maxBases) bases.")
        }
        let base = try AirtableSchemaCodec.base(body, collaborators: collaborators, keepsIDs: false)
        do {
            try await store.add(base)
        } catch {
            throw .storageFailed
        }
        return .json(200, ["id": .string(base.id), "tables": .array(base.tables.map(AirtableSchemaCodec.json))])
    }

    /// `GET /v0/meta/bases/{base}`: the base and who can use it (the
    /// sandbox's one user).
    static func baseInfo(_ base: AirtableBase) -> JSON {
        let user = AirtableCells.sandboxUser
        let collaborator: JSON = [
            "userId": user["id"] ?? .null, "email": user["email"] ?? .null, "permissionLevel": "owner",
            "createdTime": "2024-01-01T00:00:00.000Z", "grantedByUserId": user["id"] ?? .null,
        ]
        return [
            "id": .string(base.id), "name": .string(base.name), "permissionLevel": "create",
            "createdTime": "2024-01-01T00:00:00.000Z", "workspaceId": "wspSandbox0000000",
            "interfaces": [:],
            "groupCollaborators": ["baseCollaborators": [], "workspaceCollaborators": []],
            "individualCollaborators": ["baseCollaborators": [collaborator], "workspaceCollaborators": []],
            "inviteLinks": ["baseInviteLinks": [], "workspaceInviteLinks": []],
        ]
    }

    /// A string member, absent or null as `nil`; any other type refused.
    private static func optionalText(_ value: JSON?) throws(AirtableFailure) -> String? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, text.utf8.count <= 20_000 else { throw .invalidRequest }
        return text
    }
}
