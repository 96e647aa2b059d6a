import Foundation
import Networking
import SandboxCore

/// How a base is kept in a ``SandboxStorage`` namespace `airtable/<baseId>`:
/// one row `base`, one row `table/<tableId>` per table (schema and views),
/// one row `record/<tableId>/<recordId>` per record, so a write commits only
/// the rows it touched.
enum AirtablePersistence {
    static let namespacePrefix = "airtable/"
    /// Holds the "lesson data was seeded" marker; outside the base prefix so
    /// it is never read as a base.
    static let markerNamespace = "airtable"
    static let seededKey = "seeded"
    /// Uploaded attachments, one row per attachment id; outside the base
    /// prefix too.
    static let filesNamespace = "airtable-files"

    static func namespace(_ baseID: String) -> String {
        namespacePrefix + baseID
    }

    static func recordKey(table: String, record: String) -> String {
        "record/\(table)/\(record)"
    }

    static func tableKey(_ table: String) -> String {
        "table/\(table)"
    }

    /// Every row of a base.
    static func rows(for base: AirtableBase) -> [StorageChange] {
        var changes: [StorageChange] = [.put(key: "base", value: encode(base))]
        for table in base.tables {
            changes.append(.put(key: tableKey(table.id), value: encode(table)))
            for record in table.records.values {
                changes.append(.put(key: recordKey(table: table.id, record: record.id), value: encode(record)))
            }
        }
        return changes
    }

    /// The rows one write changed.
    static func rows(for transaction: AirtableTableTransaction) -> [StorageChange] {
        let table = transaction.table
        var changes: [StorageChange] = []
        if transaction.tableChanged {
            changes.append(.put(key: tableKey(table.id), value: encode(table)))
        }
        for id in transaction.touchedRecords.sorted() {
            let key = recordKey(table: table.id, record: id)
            if let record = table.records[id] {
                changes.append(.put(key: key, value: encode(record)))
            } else {
                changes.append(.delete(key: key))
            }
        }
        return changes
    }

    /// Rebuilds a base from its rows; rows that do not parse are skipped
    /// rather than failing the whole start.
    static func decodeBase(id: String, rows: [String: Data]) -> AirtableBase? {
        guard let baseRow = rows["base"], let baseValue = try? JSON.parse(baseRow),
            let name = baseValue["name"]?.stringValue
        else { return nil }
        var tables: [String: AirtableTable] = [:]
        for (key, data) in rows where key.hasPrefix("table/") {
            if let value = try? JSON.parse(data), let table = decodeTable(value) {
                tables[table.id] = table
            }
        }
        for (key, data) in rows where key.hasPrefix("record/") {
            let parts = key.split(separator: "/")
            guard parts.count == 3, let value = try? JSON.parse(data), let record = decodeRecord(value) else {
                continue
            }
            tables[String(parts[1])]?.records[record.id] = record
        }
        let restored = tables.values.map { table in
            // Defensive: the table row is written with every create, but a sequence must never be reused.
            var table = table
            table.nextSequence = max(table.nextSequence, (table.records.values.map(\.sequence).max() ?? 0) + 1)
            return table
        }
        return AirtableBase(id: id, name: name, tables: restored.sorted { $0.position < $1.position })
    }

    // MARK: - Encoding

    static func encode(_ base: AirtableBase) -> Data {
        JSON.object(["id": .string(base.id), "name": .string(base.name)]).serialized()
    }

    static func encode(_ table: AirtableTable) -> Data {
        let fields: [JSON] = table.fields.map { field in
            [
                "id": .string(field.id), "name": .string(field.name), "type": .string(field.type.rawValue),
                "choices": .array(
                    field.choices.map { ["id": .string($0.id), "name": .string($0.name), "color": .string($0.color)] }),
                "options": .object(field.options), "description": field.description.map(JSON.string) ?? .null,
            ]
        }
        let views: [JSON] = table.views.map { view in
            [
                "id": .string(view.id), "name": .string(view.name),
                "filterByFormula": view.filterByFormula.map(JSON.string) ?? .null,
                "sort": .array(view.sort.map { ["field": .string($0.fieldID), "descending": .bool($0.descending)] }),
            ]
        }
        let value: JSON = [
            "id": .string(table.id), "name": .string(table.name), "position": .number(Double(table.position)),
            "description": table.description.map(JSON.string) ?? .null,
            "nextSequence": .number(Double(table.nextSequence)), "fields": .array(fields), "views": .array(views),
        ]
        return value.serialized()
    }

    static func encode(_ record: AirtableRecord) -> Data {
        let value: JSON = [
            "id": .string(record.id), "createdTime": .string(record.createdTime),
            "sequence": .number(Double(record.sequence)), "cells": .object(record.cells),
            "comments": .array(record.comments), "modifiedTime": record.modifiedTime.map(JSON.string) ?? .null,
        ]
        return value.serialized()
    }

    // MARK: - Decoding

    static func decodeTable(_ value: JSON) -> AirtableTable? {
        guard let id = value["id"]?.stringValue, let name = value["name"]?.stringValue,
            let fieldValues = value["fields"]?.arrayValue
        else { return nil }
        let fields = fieldValues.compactMap { field -> AirtableField? in
            guard let id = field["id"]?.stringValue, let name = field["name"]?.stringValue,
                let type = field["type"]?.stringValue.flatMap(AirtableFieldType.init(rawValue:))
            else { return nil }
            let choices = (field["choices"]?.arrayValue ?? []).compactMap { choice -> AirtableChoice? in
                guard let id = choice["id"]?.stringValue, let name = choice["name"]?.stringValue else { return nil }
                return AirtableChoice(id: id, name: name, color: choice["color"]?.stringValue ?? "blueLight2")
            }
            return AirtableField(
                id: id, name: name, type: type, choices: choices, options: field["options"]?.objectValue ?? [:],
                description: field["description"]?.stringValue)
        }
        let views = (value["views"]?.arrayValue ?? []).compactMap { view -> AirtableView? in
            guard let id = view["id"]?.stringValue, let name = view["name"]?.stringValue else { return nil }
            let sort = (view["sort"]?.arrayValue ?? []).compactMap { entry -> AirtableSort? in
                guard let field = entry["field"]?.stringValue else { return nil }
                return AirtableSort(fieldID: field, descending: entry["descending"]?.boolValue ?? false)
            }
            return AirtableView(id: id, name: name, filterByFormula: view["filterByFormula"]?.stringValue, sort: sort)
        }
        return AirtableTable(
            id: id, name: name, description: value["description"]?.stringValue,
            position: integer(value["position"]) ?? 0,
            fields: fields, views: views, nextSequence: integer(value["nextSequence"]) ?? 1)
    }

    static func decodeRecord(_ value: JSON) -> AirtableRecord? {
        guard let id = value["id"]?.stringValue, let createdTime = value["createdTime"]?.stringValue,
            let sequence = integer(value["sequence"])
        else { return nil }
        return AirtableRecord(
            id: id, createdTime: createdTime, sequence: sequence, cells: value["cells"]?.objectValue ?? [:],
            comments: value["comments"]?.arrayValue ?? [], modifiedTime: value["modifiedTime"]?.stringValue)
    }

    /// A whole number that fits an `Int`; stored rows are read as untrusted.
    private static func integer(_ value: JSON?) -> Int? {
        value?.numberValue.flatMap { Int(exactly: $0.rounded()) }
    }
}
