import Foundation
import Networking

/// Reading cells the way Airtable answers them.
enum AirtableCells {
    /// A cell's value, computed fields included; `nil` when empty.
    static func value(of field: AirtableField, in record: AirtableRecord) -> JSON? {
        switch field.type {
        case .createdTime: .string(record.createdTime)
        case .autoNumber: .number(Double(record.sequence))
        default: record.cells[field.id]
        }
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
            if let value = value(of: field, in: record), !isEmpty(value) {
                fields[byFieldID ? field.id : field.name] = value
            }
        }
        var rendered: [String: JSON] = [
            "id": .string(record.id), "createdTime": .string(record.createdTime), "fields": .object(fields),
        ]
        if commentCount {
            rendered["commentCount"] = 0
        }
        return .object(rendered)
    }
}
