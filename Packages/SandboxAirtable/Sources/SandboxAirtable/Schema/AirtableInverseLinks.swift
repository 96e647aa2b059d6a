import Foundation
import Networking
import SandboxCore

/// Airtable's links go both ways: a link field whose options name an
/// `inverseLinkFieldId` has a twin in the linked table, and a write to one
/// side changes the other. Linking record A to B adds A to B's twin field;
/// unlinking, or deleting A, takes it out. Run once per write on what the
/// write touched, so the twin's own changes are not followed back. A link
/// field added to a table (the metadata API's create field) gets its twin
/// in the linked table, named after this table, as Airtable makes one.
enum AirtableInverseLinks {
    /// One change to a twin field: `source` added to or removed from the
    /// `field` cell of `record` in `table`.
    private struct Edit {
        let table: String
        let record: String
        let field: String
        let source: String
        let adds: Bool
    }

    /// Applies the other sides of the links `transaction` changed since
    /// `before`: to `transaction` itself for a table linked to itself, and
    /// to a transaction of each other table, which it answers by the
    /// table's index in `base`.
    static func apply(
        before: AirtableTable, to transaction: inout AirtableTableTransaction, in base: AirtableBase
    ) -> [Int: AirtableTableTransaction] {
        var others = addTwins(before: before, to: &transaction, in: base)
        let after = transaction.table
        var edits: [Edit] = []
        for field in after.fields where field.type == .multipleRecordLinks {
            guard let twin = twinField(of: field, in: after, base: base) else { continue }
            for recordID in transaction.touchedRecords {
                let old = links(before.records[recordID]?.cells[field.id])
                let new = links(after.records[recordID]?.cells[field.id])
                guard old != new else { continue }
                for target in new where !old.contains(target) {
                    edits.append(
                        Edit(table: twin.table, record: target, field: twin.field, source: recordID, adds: true))
                }
                for target in old where !new.contains(target) {
                    edits.append(
                        Edit(table: twin.table, record: target, field: twin.field, source: recordID, adds: false))
                }
            }
        }
        for edit in edits {
            if edit.table == after.id {
                transaction.link(edit.record, field: edit.field, to: edit.source, adds: edit.adds)
            } else if let index = base.tableIndex(edit.table) {
                var other = others[index] ?? AirtableTableTransaction(base.tables[index].attached(to: base))
                other.link(edit.record, field: edit.field, to: edit.source, adds: edit.adds)
                others[index] = other
            }
        }
        return others
    }

    /// A twin for each link field the write added to another table without
    /// one: a link field back, named after this table (with " 2", " 3"…
    /// when the name is taken), unless the linked table has no room left.
    private static func addTwins(
        before: AirtableTable, to transaction: inout AirtableTableTransaction, in base: AirtableBase
    ) -> [Int: AirtableTableTransaction] {
        var others: [Int: AirtableTableTransaction] = [:]
        // Fields are only ever appended: a write that added none (every
        // record write) has nothing to do here.
        guard transaction.table.fields.count > before.fields.count else { return others }
        let existing = Set(before.fields.map(\.id))
        let table = transaction.table
        for field in table.fields
        where field.type == .multipleRecordLinks && !existing.contains(field.id)
            && field.options["inverseLinkFieldId"] == nil
        {
            guard let linkedID = field.options["linkedTableId"]?.stringValue, linkedID != table.id,
                let index = base.tableIndex(linkedID), base.tables[index].id == linkedID
            else { continue }
            var other = others[index] ?? AirtableTableTransaction(base.tables[index].attached(to: base))
            guard other.table.fields.count < AirtableSchemaCodec.maxFields else { continue }
            let taken = Set(other.table.fields.map { $0.name.lowercased() })
            var name = table.name
            var suffix = 2
            while taken.contains(name.lowercased()) {
                name = "\(table.name) \(suffix)"
                suffix += 1
            }
            let twinID = AirtableID.make("fld")
            other.add(
                AirtableField(
                    id: twinID, name: name, type: .multipleRecordLinks,
                    options: ["linkedTableId": .string(table.id), "inverseLinkFieldId": .string(field.id)]))
            transaction.setOption("inverseLinkFieldId", to: .string(twinID), ofField: field.id)
            others[index] = other
        }
        return others
    }

    /// The linked table and twin field of a link field, when the twin is a
    /// link field of that table that links back to this one.
    private static func twinField(
        of field: AirtableField, in table: AirtableTable, base: AirtableBase
    ) -> (table: String, field: String)? {
        guard let twinID = field.options["inverseLinkFieldId"]?.stringValue,
            let linkedID = field.options["linkedTableId"]?.stringValue,
            let linked = linkedID == table.id ? table : base.tables.first(where: { $0.id == linkedID }),
            let twin = linked.fields.first(where: { $0.id == twinID }), twin.id != field.id,
            twin.type == .multipleRecordLinks, twin.options["linkedTableId"]?.stringValue == table.id
        else { return nil }
        return (linked.id, twin.id)
    }

    /// The record ids of a link cell, in order, once each.
    private static func links(_ cell: JSON?) -> [String] {
        var seen = Set<String>()
        return (cell?.arrayValue ?? []).compactMap(\.stringValue).filter { seen.insert($0).inserted }
    }
}

extension AirtableTableTransaction {
    /// Adds `source` to (or removes it from) the link cell `field` of
    /// `recordID`, if that record exists; an empty cell is not stored.
    fileprivate mutating func link(_ recordID: String, field: String, to source: String, adds: Bool) {
        guard let record = record(recordID) else { return }
        var ids = (record.cells[field]?.arrayValue ?? []).compactMap(\.stringValue)
        if adds {
            guard !ids.contains(source) else { return }
            ids.append(source)
        } else {
            guard ids.contains(source) else { return }
            ids.removeAll { $0 == source }
        }
        var cells = record.cells
        cells[field] = ids.isEmpty ? nil : .array(ids.map(JSON.string))
        replaceCells(of: recordID, with: cells)
    }
}
