import Foundation
import Networking
import SandboxCore

extension AirtableEmulator {
    /// The metadata API: `whoami`, the bases (list, create, read), a base's
    /// tables (list, create, update) and their fields (create, update), in
    /// the shapes Airtable documents.
    func metadata(_ request: SandboxRequest, _ path: [String]) async throws(AirtableFailure) -> SandboxResponse {
        switch (request.method, path.count) {
        case ("GET", 1) where path[0] == "whoami":
            return .json(
                200,
                [
                    "id": AirtableCells.sandboxUser["id"] ?? .null,
                    "email": AirtableCells.sandboxUser["email"] ?? .null,
                    "scopes": [
                        "data.records:read", "data.records:write", "data.recordComments:read",
                        "data.recordComments:write", "schema.bases:read", "schema.bases:write", "webhook:manage",
                    ],
                ])
        case ("GET", 1) where path[0] == "bases":
            let bases = await store.allBases.map { base -> JSON in
                ["id": .string(base.id), "name": .string(base.name), "permissionLevel": "create"]
            }
            return .json(200, ["bases": .array(bases)])
        case ("POST", 1) where path[0] == "bases":
            return try await createBase(request)
        case (_, 2...) where path[0] == "bases":
            guard let base = await store.base(path[1]) else {
                throw AirtableID.isValid(path[1], prefix: "app") ? .modelNotFound : .notFound
            }
            guard await rateLimiter.admit(base: base.id) else { throw .rateLimited }
            return try await baseMetadata(request, base, Array(path.dropFirst(2)))
        default:
            throw .notFound
        }
    }

    private func baseMetadata(
        _ request: SandboxRequest, _ base: AirtableBase, _ path: [String]
    ) async throws(AirtableFailure) -> SandboxResponse {
        switch (request.method, path.count) {
        case ("GET", 0):
            return .json(200, Self.baseInfo(base))
        case ("GET", 1) where path[0] == "tables":
            return .json(200, ["tables": .array(base.tables.map(AirtableSchemaCodec.json))])
        case ("POST", 1) where path[0] == "tables":
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
        case ("PATCH", 2) where path[0] == "tables":
            let body = try Self.jsonBody(request)
            let name = try Self.optionalText(body["name"])
            let description = try Self.optionalText(body["description"])
            guard name != nil || description != nil else { throw .invalidRequest }
            if let name, let other = base.tableIndex(name),
                base.tables[other].id != base.tables[base.tableIndex(path[1]) ?? other].id
            {
                throw AirtableSchemaCodec.schemaError(
                    "The base already has a table named \(JSON.string(name).jsonText).")
            }
            let table = try await store.write(base: base.id, table: path[1]) { transaction throws(AirtableFailure) in
                transaction.describe(
                    name: name ?? transaction.table.name, description: description ?? transaction.table.description)
                return AirtableSchemaCodec.json(transaction.table)
            }
            return .json(200, table)
        case ("POST", 3) where path[0] == "tables" && path[2] == "fields":
            let body = try Self.jsonBody(request)
            let field = try await store.write(base: base.id, table: path[1]) { transaction throws(AirtableFailure) in
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
            let added = await store.table(base: base.id, path[1])?.fields.first { $0.id == field }
            return .json(200, added.map(AirtableSchemaCodec.json) ?? .null)
        case ("PATCH", 4) where path[0] == "tables" && path[2] == "fields":
            let body = try Self.jsonBody(request)
            let name = try Self.optionalText(body["name"])
            let description = try Self.optionalText(body["description"])
            guard name != nil || description != nil else { throw .invalidRequest }
            let field = try await store.write(base: base.id, table: path[1]) { transaction throws(AirtableFailure) in
                guard let field = transaction.table.fields.first(where: { $0.id == path[3] || $0.name == path[3] })
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
        default:
            throw .notFound
        }
    }

    /// `POST /v0/meta/bases`: `{"name", "workspaceId", "tables": [...]}`,
    /// answered with `{"id", "tables": [...]}`.
    private func createBase(_ request: SandboxRequest) async throws(AirtableFailure) -> SandboxResponse {
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
    private static func baseInfo(_ base: AirtableBase) -> JSON {
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
