import Foundation
import Networking

/// Reading cells the way Airtable answers them.
enum AirtableCells {
    /// The user every request acts as: `whoami`, and who created and last
    /// changed every record.
    static let sandboxUser: JSON = ["id": "usrSandbox0000000", "email": "sandbox@example.com", "name": "Sandbox"]

    /// A cell's value, computed fields included; `nil` when empty. Formula
    /// fields are evaluated for the record (they read other fields of
    /// `table`); rollups, lookups and counts are not computed yet.
    static func value(of field: AirtableField, in record: AirtableRecord, table: AirtableTable) -> JSON? {
        switch field.type {
        case .createdTime, .lastModifiedTime: .string(record.createdTime)
        case .autoNumber: .number(Double(record.sequence))
        case .createdBy, .lastModifiedBy: sandboxUser
        case .formula:
            formulaValue(of: field, in: record, table: table)
        case .button:
            ["label": field.options["label"] ?? .string(field.name), "url": .null]
        case .rollup, .count, .multipleLookupValues, .externalSyncSource, .aiText: nil
        default: record.cells[field.id]
        }
    }

    private static func formulaValue(of field: AirtableField, in record: AirtableRecord, table: AirtableTable) -> JSON {
        var evaluator = AirtableFormulaEvaluator(table: table)
        return evaluator.value(of: field, in: record).json
    }

    /// Whether Airtable leaves the value out of `fields`: `""`, `[]`,
    /// `false` and `null` never appear.
    static func isEmpty(_ value: JSON) -> Bool {
        switch value {
        case .null, .bool(false): true
        case .string(let text): text.isEmpty
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        default: false
        }
    }

    /// `{"id","createdTime","fields"}`, fields keyed by name (or id), empty
    /// ones left out, limited to `only` when given.
    static func render(
        _ record: AirtableRecord,
        in table: AirtableTable,
        only: Set<String>? = nil,
        byFieldID: Bool = false,
        commentCount: Bool = false
    ) -> JSON {
        var fields: [String: JSON] = [:]
        for field in table.fields where only?.contains(field.id) ?? true {
            if let value = value(of: field, in: record, table: table), !isEmpty(value) {
                fields[byFieldID ? field.id : field.name] = value
            }
        }
        var rendered: [String: JSON] = [
            "id": .string(record.id), "createdTime": .string(record.createdTime), "fields": .object(fields),
        ]
        if commentCount {
            rendered["commentCount"] = .number(Double(record.comments.count))
        }
        return .object(rendered)
    }
}
