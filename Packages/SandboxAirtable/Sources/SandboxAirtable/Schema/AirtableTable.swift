import Foundation
import Networking
import SandboxCore

/// A table: its schema, views and records.
struct AirtableTable: Sendable {
    var id: String
    var name: String
    var description: String? = nil
    var position: Int
    var fields: [AirtableField]
    var views: [AirtableView]
    var records: [String: AirtableRecord] = [:]
    var nextSequence = 1
    /// Its base's tables as they were when this table was handed out, for
    /// lookups, counts and rollups through linked records. Never stored.
    var base: AirtableBaseTables?

    /// A table of the same base by id, itself able to follow its links.
    func sibling(_ id: String) -> AirtableTable? {
        if id == self.id { return self }
        guard let base, var table = base.tables[id] else { return nil }
        table.base = base
        return table
    }

    /// The table a link field (`multipleRecordLinks`) points at.
    func linkedTable(of link: AirtableField) -> AirtableTable? {
        link.options["linkedTableId"]?.stringValue.flatMap { sibling($0) }
    }

    /// Where a count, lookup or rollup reads: its link field
    /// (`recordLinkFieldId`), the linked table, and, for a lookup or a
    /// rollup, the field read there (`fieldIdInLinkedTable`).
    func linkPath(of computed: AirtableField) -> (link: AirtableField, linked: AirtableTable, target: AirtableField?)? {
        guard let link = computed.options["recordLinkFieldId"]?.stringValue.flatMap({ field($0) }),
            let linked = linkedTable(of: link)
        else { return nil }
        return (link, linked, computed.options["fieldIdInLinkedTable"]?.stringValue.flatMap { linked.field($0) })
    }

    /// This table with its base's tables attached.
    func attached(to base: AirtableBase) -> AirtableTable {
        var table = self
        table.base = AirtableBaseTables(base)
        return table
    }

    /// A field by id or by exact name, as Airtable accepts both.
    func field(_ key: String) -> AirtableField? {
        fields.first { $0.id == key } ?? fields.first { $0.name == key }
    }

    func view(_ key: String) -> AirtableView? {
        views.first { $0.id == key } ?? views.first { $0.name == key }
    }

    /// The records in the table's own order (creation order).
    var orderedRecords: [AirtableRecord] {
        records.values.sorted { $0.sequence < $1.sequence }
    }
}
