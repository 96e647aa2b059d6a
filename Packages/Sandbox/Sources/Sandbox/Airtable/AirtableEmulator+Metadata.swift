import Foundation
import Networking

extension AirtableEmulator {
    /// The read-only part of Airtable's metadata API that clients call to
    /// find their way: `whoami`, the bases, and a base's table schema.
    func metadata(_ request: SandboxRequest, _ path: [String]) async throws(AirtableFailure) -> SandboxResponse {
        guard request.method == "GET" else { throw .notFound }
        switch path.count {
        case 1 where path[0] == "whoami":
            return .json(
                200,
                [
                    "id": "usrSandbox0000000",
                    "scopes": ["data.records:read", "data.records:write", "schema.bases:read"],
                ])
        case 1 where path[0] == "bases":
            let bases = await store.allBases.map { base -> JSON in
                ["id": .string(base.id), "name": .string(base.name), "permissionLevel": "create"]
            }
            return .json(200, ["bases": .array(bases)])
        case 3 where path[0] == "bases" && path[2] == "tables":
            guard let base = await store.base(path[1]) else {
                throw AirtableID.isValid(path[1], prefix: "app") ? .modelNotFound : .notFound
            }
            return .json(200, ["tables": .array(base.tables.map(Self.schema))])
        default:
            throw .notFound
        }
    }

    private static func schema(of table: AirtableTable) -> JSON {
        let fields = table.fields.map { field -> JSON in
            var described: [String: JSON] = [
                "id": .string(field.id), "name": .string(field.name), "type": .string(field.type.rawValue),
            ]
            switch field.type {
            case .singleSelect, .multipleSelects:
                described["options"] = [
                    "choices": .array(
                        field.choices.map {
                            ["id": .string($0.id), "name": .string($0.name), "color": .string($0.color)]
                        }
                    )
                ]
            case .date:
                described["options"] = ["dateFormat": ["format": "YYYY-MM-DD", "name": "iso"]]
            case .checkbox:
                described["options"] = ["color": "greenBright", "icon": "check"]
            default:
                break
            }
            return .object(described)
        }
        return [
            "id": .string(table.id), "name": .string(table.name),
            "primaryFieldId": table.fields.first.map { JSON.string($0.id) } ?? .null,
            "fields": .array(fields),
            "views": .array(table.views.map { ["id": .string($0.id), "name": .string($0.name), "type": "grid"] }),
        ]
    }
}
