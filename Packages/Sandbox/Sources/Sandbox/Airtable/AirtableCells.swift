import Foundation
import Networking

/// Reading cells the way Airtable answers them.
enum AirtableCells {
    /// The user every request acts as: `whoami`, and who created and last
    /// changed every record.
    static let sandboxUser: JSON = ["id": "usrSandbox0000000", "email": "sandbox@example.com", "name": "Sandbox"]

    /// A cell's value, computed fields included; `nil` when empty. Formula
    /// fields are evaluated for the record (they read other fields of
    /// `table`); lookups, counts and rollups follow the record's links into
    /// the linked table (one level: a lookup of a lookup is empty).
    static func value(of field: AirtableField, in record: AirtableRecord, table: AirtableTable) -> JSON? {
        switch field.type {
        case .createdTime, .lastModifiedTime: .string(record.createdTime)
        case .autoNumber: .number(Double(record.sequence))
        case .createdBy, .lastModifiedBy: sandboxUser
        case .formula:
            formulaValue(of: field, in: record, table: table)
        case .button:
            ["label": field.options["label"] ?? .string(field.name), "url": .null]
        case .count:
            linkedRecords(of: field, in: record, table: table).map { .number(Double($0.records.count)) }
        case .multipleLookupValues:
            lookedUp(field, in: record, table: table).map(JSON.array)
        case .rollup:
            rollup(field, in: record, table: table)
        case .externalSyncSource, .aiText: nil
        default: record.cells[field.id]
        }
    }

    /// The records a link field of a computed field's options
    /// (`recordLinkFieldId`) points at, and their table.
    private static func linkedRecords(of field: AirtableField, in record: AirtableRecord, table: AirtableTable)
        -> (table: AirtableTable, records: [AirtableRecord])?
    {
        guard let linkID = field.options["recordLinkFieldId"]?.stringValue, let link = table.field(linkID),
            let linkedID = link.options["linkedTableId"]?.stringValue,
            let linked = linkedID == table.id ? table : table.sibling(linkedID)
        else { return nil }
        let ids = record.cells[link.id]?.arrayValue?.compactMap(\.stringValue) ?? []
        return (linked, ids.compactMap { linked.records[$0] })
    }

    /// The values of `fieldIdInLinkedTable` in the linked records, lists
    /// flattened, empty cells left out.
    private static func lookedUp(_ field: AirtableField, in record: AirtableRecord, table: AirtableTable) -> [JSON]? {
        guard let (linked, records) = linkedRecords(of: field, in: record, table: table),
            let targetID = field.options["fieldIdInLinkedTable"]?.stringValue, let target = linked.field(targetID),
            target.type != .multipleLookupValues, target.type != .rollup
        else { return nil }
        return records.flatMap { linkedRecord -> [JSON] in
            guard let value = value(of: target, in: linkedRecord, table: linked), !isEmpty(value) else { return [] }
            return value.arrayValue ?? [value]
        }
    }

    /// A rollup: its formula (`SUM(values)`, `ARRAYJOIN(values)`…) over the
    /// looked-up values.
    private static func rollup(_ field: AirtableField, in record: AirtableRecord, table: AirtableTable) -> JSON? {
        guard let values = lookedUp(field, in: record, table: table),
            let formula = field.options["formula"]?.stringValue.flatMap(AirtableFormula.parse)
        else { return nil }
        var evaluator = AirtableFormulaEvaluator(table: table)
        evaluator.boundValues["values"] = .array(values.map(AirtableFormulaEvaluator.value(of:)))
        return evaluator.evaluate(formula, record).json
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
