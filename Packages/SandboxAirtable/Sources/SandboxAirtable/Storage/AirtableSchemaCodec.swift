import Foundation
import Networking
import SandboxCore

/// Bases, tables and fields in the metadata API's JSON: what `GET
/// /v0/meta/bases/{base}/tables` answers, what its create endpoints take,
/// and what `sandbox --airtable-base FILE` loads (with the ids it gives
/// kept, so a test suite written against a real base finds its ids).
enum AirtableSchemaCodec {
    /// The most bases the API may create, tables a base, and fields a
    /// table, may have here.
    static let maxBases = 1_000
    static let maxTables = 1_000
    static let maxFields = 500

    // MARK: Writing

    static func json(_ field: AirtableField) -> JSON {
        var described: [String: JSON] = [
            "id": .string(field.id), "name": .string(field.name), "type": .string(field.type.rawValue),
        ]
        if let description = field.description { described["description"] = .string(description) }
        var options = field.options
        switch field.type {
        case .singleSelect, .multipleSelects:
            options["choices"] = .array(
                field.choices.map { ["id": .string($0.id), "name": .string($0.name), "color": .string($0.color)] })
        case .date where options.isEmpty:
            options = ["dateFormat": ["format": "YYYY-MM-DD", "name": "iso"]]
        case .checkbox where options.isEmpty:
            options = ["color": "greenBright", "icon": "check"]
        case .formula:
            options["isValid"] = .bool(field.formula != nil)
        case .rollup:
            // The aggregation (`SUM(values)`) is how a base file defines a
            // rollup here; Airtable's schema does not show it.
            options["formula"] = nil
            options["isValid"] = .bool(field.formula != nil)
        default:
            break
        }
        if !options.isEmpty { described["options"] = .object(options) }
        return .object(described)
    }

    static func json(_ table: AirtableTable) -> JSON {
        var described: [String: JSON] = [
            "id": .string(table.id), "name": .string(table.name),
            "primaryFieldId": table.fields.first.map { JSON.string($0.id) } ?? .null,
            "fields": .array(table.fields.map(json)),
            "views": .array(table.views.map { ["id": .string($0.id), "name": .string($0.name), "type": "grid"] }),
        ]
        if let description = table.description { described["description"] = .string(description) }
        return .object(described)
    }

    // MARK: Reading

    /// A field from its JSON: a known type, a name, and options that fit
    /// the type (a formula that parses, choices with names). `id` is kept
    /// when `keepsIDs` (a base file) and made up otherwise (the metadata
    /// API), which, as Airtable's, cannot create computed fields: formulas,
    /// rollups, lookups, counts and the rest are defined in base files.
    static func field(_ value: JSON, tableID: String, keepsIDs: Bool) throws(AirtableFailure) -> AirtableField {
        guard let name = value["name"]?.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty,
            name.utf8.count <= 255
        else { throw schemaError("A field needs a name of 1 to 255 characters.") }
        guard let typeName = value["type"]?.stringValue, let type = AirtableFieldType(rawValue: typeName) else {
            throw schemaError("Unknown field type \(JSON.string(value["type"]?.stringValue ?? "").jsonText).")
        }
        guard keepsIDs || !type.isComputed else {
            throw AirtableFailure(
                status: 422, type: "UNSUPPORTED_FIELD_TYPE_FOR_CREATE",
                message: "Field type \(JSON.string(typeName).jsonText) cannot be created through the API.")
        }
        let id = try identifier(value["id"], prefix: "fld", keeps: keepsIDs, seed: "\(tableID)/\(name)")
        var options = value["options"]?.objectValue ?? [:]
        var choices: [AirtableChoice] = []
        if type == .singleSelect || type == .multipleSelects {
            for (index, choice) in (options["choices"]?.arrayValue ?? []).enumerated() {
                guard let choiceName = choice["name"]?.stringValue, !choiceName.isEmpty else {
                    throw schemaError("Every choice of \(name) needs a name.")
                }
                let choiceID = try identifier(
                    choice["id"], prefix: "sel", keeps: keepsIDs, seed: "\(tableID)/\(name)/\(choiceName)")
                choices.append(
                    AirtableChoice(
                        id: choiceID, name: choiceName,
                        color: choice["color"]?.stringValue ?? Self.colors[index % Self.colors.count]))
            }
            options["choices"] = nil
        }
        let field = AirtableField(
            id: id, name: name, type: type, choices: choices, options: options,
            description: value["description"]?.stringValue)
        if type == .formula, field.formula == nil {
            throw schemaError("The formula of \(name) is invalid.")
        }
        return field
    }

    /// A table from its JSON, its primary field first. Records, when the
    /// JSON has them (a base file), are left to the caller.
    static func table(_ value: JSON, keepsIDs: Bool, position: Int) throws(AirtableFailure) -> AirtableTable {
        guard let name = value["name"]?.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw schemaError("A table needs a name.")
        }
        let id = try identifier(value["id"], prefix: "tbl", keeps: keepsIDs, seed: name)
        guard let fieldValues = value["fields"]?.arrayValue, (1...maxFields).contains(fieldValues.count) else {
            throw schemaError("A table needs 1 to \(maxFields) fields.")
        }
        var fields: [AirtableField] = []
        for fieldValue in fieldValues {
            let field = try field(fieldValue, tableID: id, keepsIDs: keepsIDs)
            guard !fields.contains(where: { $0.name.lowercased() == field.name.lowercased() || $0.id == field.id })
            else { throw schemaError("Duplicate field name or id \(JSON.string(field.name).jsonText).") }
            fields.append(field)
        }
        if let primary = value["primaryFieldId"]?.stringValue,
            let index = fields.firstIndex(where: { $0.id == primary })
        {
            fields.insert(fields.remove(at: index), at: 0)
        }
        var views: [AirtableView] = []
        for view in value["views"]?.arrayValue ?? [] {
            guard let viewName = view["name"]?.stringValue, !viewName.isEmpty else { continue }
            let viewID = try identifier(view["id"], prefix: "viw", keeps: keepsIDs, seed: "\(id)/\(viewName)")
            views.append(AirtableView(id: viewID, name: viewName))
        }
        if views.isEmpty {
            views = [AirtableView(id: AirtableID.derived("viw", from: "\(id)/Grid view"), name: "Grid view")]
        }
        return AirtableTable(
            id: id, name: name, description: value["description"]?.stringValue, position: position, fields: fields,
            views: views)
    }

    /// A base from a schema file: `{"id", "name", "tables": [...]}`, each
    /// table optionally with `records` (`[{"id"?, "fields"}]`, written as
    /// a create without `typecast` writes them).
    static func base(
        _ value: JSON, collaborators: AirtableCollaborators, keepsIDs: Bool = true
    ) throws(AirtableFailure) -> AirtableBase {
        guard let name = value["name"]?.stringValue, !name.isEmpty else { throw schemaError("A base needs a name.") }
        let id = try identifier(value["id"], prefix: "app", keeps: keepsIDs, seed: name)
        guard let tableValues = value["tables"]?.arrayValue, (1...maxTables).contains(tableValues.count) else {
            throw schemaError("A base needs 1 to \(maxTables) tables.")
        }
        var tables: [AirtableTable] = []
        for (position, tableValue) in tableValues.enumerated() {
            let table = try table(tableValue, keepsIDs: keepsIDs, position: position)
            guard !tables.contains(where: { $0.name == table.name || $0.id == table.id }) else {
                throw schemaError("Duplicate table name or id \(JSON.string(table.name).jsonText).")
            }
            tables.append(table)
        }
        // Records after every table exists, so links may point anywhere.
        let writer = AirtableCellWriter(typecast: false, collaborators: collaborators)
        for (index, tableValue) in tableValues.enumerated() {
            var transaction = AirtableTableTransaction(tables[index])
            for record in tableValue["records"]?.arrayValue ?? [] {
                guard let fields = record["fields"]?.objectValue else { throw .invalidCreateRecords }
                var cells: [String: JSON] = [:]
                try writer.apply(fields, to: &cells, existing: [:], in: &transaction)
                let id = try identifier(record["id"], prefix: "rec", keeps: keepsIDs, seed: "")
                guard transaction.record(id) == nil else { throw schemaError("Duplicate record id \(id).") }
                transaction.insert(cells: cells, id: id, createdTime: record["createdTime"]?.stringValue)
            }
            tables[index] = transaction.table
        }
        return AirtableBase(id: id, name: name, tables: tables)
    }

    private static let colors = ["blueLight2", "cyanLight2", "tealLight2", "greenLight2", "yellowLight2"]

    /// A given id when kept and well formed (`fld` + 14 letters or
    /// digits); without one, an id derived from `seed` in a base file (so
    /// loading the file again gives the same ids) or a new one. An id given
    /// where ids are made up is refused, as Airtable refuses it.
    private static func identifier(_ value: JSON?, prefix: String, keeps: Bool, seed: String) throws(AirtableFailure)
        -> String
    {
        guard let value, value != .null else {
            return keeps && !seed.isEmpty ? AirtableID.derived(prefix, from: seed) : AirtableID.make(prefix)
        }
        guard keeps, let id = value.stringValue, AirtableID.isValid(id, prefix: prefix) else {
            throw schemaError("Invalid id \(value.jsonText): expected \(prefix) and 14 letters or digits.")
        }
        return id
    }

    static func schemaError(_ message: String) -> AirtableFailure {
        AirtableFailure(status: 422, type: "INVALID_REQUEST_UNKNOWN", message: "Invalid request: \(message)")
    }
}
