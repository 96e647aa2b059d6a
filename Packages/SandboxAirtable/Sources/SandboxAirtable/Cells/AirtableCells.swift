import Foundation
import Networking
import SandboxCore

/// Reading cells the way Airtable answers them.
enum AirtableCells {
    /// The user every request acts as: `whoami`, and who created and last
    /// changed every record.
    static let sandboxUser: JSON = ["id": "usrSandbox0000000", "email": "sandbox@example.com", "name": "Sandbox"]

    /// A cell's value, computed fields included; `nil` when empty. Formula
    /// fields are evaluated for the record (they read other fields of
    /// `table`); lookups, counts and rollups follow the record's links into
    /// the linked table, and from there on through that table's links. All
    /// of it draws on `computation`, the request's one budget.
    static func value(
        of field: AirtableField, in record: AirtableRecord, table: AirtableTable, computation: AirtableComputation
    ) -> JSON? {
        switch field.type {
        case .createdTime: return .string(record.createdTime)
        case .lastModifiedTime: return .string(record.lastModifiedTime)
        case .autoNumber: return .number(Double(record.sequence))
        case .createdBy, .lastModifiedBy: return sandboxUser
        case .button: return ["label": field.options["label"] ?? .string(field.name), "url": .null]
        case .externalSyncSource, .aiText: return nil
        case .formula, .count, .multipleLookupValues, .rollup:
            let failed = field.type == .formula ? AirtableFormulaValue.invalid.json : nil
            if computation.isCircular(field, in: table) { return failed }
            return computation.cell(table: table.id, record: record.id, field: field.id) {
                computation.nested(orElse: failed) {
                    computed(field, in: record, table: table, computation: computation)
                }
            }
        default: return record.cells[field.id]
        }
    }

    private static func computed(
        _ field: AirtableField, in record: AirtableRecord, table: AirtableTable, computation: AirtableComputation
    ) -> JSON? {
        switch field.type {
        case .formula:
            guard let formula = field.formula else { return AirtableFormulaValue.invalid.json }
            var evaluator = AirtableFormulaEvaluator(table: table, computation: computation)
            return evaluator.evaluate(formula, record).json
        case .count:
            return table.linkPath(of: field).map { .number(Double(linkedRecords(of: record, through: $0).count)) }
        case .multipleLookupValues:
            return lookedUp(field, in: record, table: table, computation: computation).map(JSON.array)
        case .rollup:
            guard let values = lookedUp(field, in: record, table: table, computation: computation),
                let formula = field.formula
            else { return nil }
            // A rollup's formula (`SUM(values)`, `ARRAYJOIN(values)`…) reads
            // the looked-up values as `values`.
            var evaluator = AirtableFormulaEvaluator(table: table, computation: computation)
            evaluator.boundValues["values"] = .array(values.map(AirtableFormulaEvaluator.value(of:)))
            return evaluator.evaluate(formula, record).json
        default:
            return record.cells[field.id]
        }
    }

    /// The records of the linked table that `record`'s link field names.
    private static func linkedRecords(
        of record: AirtableRecord, through path: (link: AirtableField, linked: AirtableTable, target: AirtableField?)
    ) -> [AirtableRecord] {
        let ids = record.cells[path.link.id]?.arrayValue?.compactMap(\.stringValue) ?? []
        return ids.compactMap { path.linked.records[$0] }
    }

    /// The budget steps one linked record read by a lookup costs (a cell
    /// read through a link weighs more than a formula node).
    private static let lookupCost = 10

    /// The values of `fieldIdInLinkedTable` in the linked records, lists
    /// flattened, empty cells left out.
    private static func lookedUp(
        _ field: AirtableField, in record: AirtableRecord, table: AirtableTable, computation: AirtableComputation
    ) -> [JSON]? {
        guard let path = table.linkPath(of: field), let target = path.target else { return nil }
        let linked = path.linked
        var values: [JSON] = []
        for linkedRecord in linkedRecords(of: record, through: path) {
            // Every hop costs, even one that finds nothing: a cycle of
            // lookups fanning out at each level must still run out.
            guard computation.spend(lookupCost) else { return nil }
            guard let value = value(of: target, in: linkedRecord, table: linked, computation: computation),
                !isEmpty(value)
            else { continue }
            let elements = value.arrayValue ?? [value]
            // Lookups of lookups multiply: every value gathered costs a step.
            guard computation.spend(elements.count) else { return nil }
            values.append(contentsOf: elements)
        }
        return values
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
    /// ones left out, limited to `only` when given; cells as text when
    /// `stringFormat` is given (`cellFormat=string`).
    static func render(
        _ record: AirtableRecord,
        in table: AirtableTable,
        only: Set<String>? = nil,
        byFieldID: Bool = false,
        commentCount: Bool = false,
        stringFormat: AirtableStringFormat? = nil,
        computation: AirtableComputation
    ) -> JSON {
        var fields: [String: JSON] = [:]
        for field in table.fields where only?.contains(field.id) ?? true {
            let cell: JSON? =
                if let stringFormat {
                    AirtableCellText.text(
                        of: field, in: record, table: table, format: stringFormat, computation: computation
                    ).map(JSON.string)
                } else {
                    value(of: field, in: record, table: table, computation: computation)
                }
            if let cell, !isEmpty(cell) {
                fields[byFieldID ? field.id : field.name] = cell
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
