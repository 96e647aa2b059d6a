import Foundation
import Networking

/// One option of a select field.
struct AirtableChoice: Sendable, Hashable {
    var id: String
    var name: String
    var color: String
}

/// A field of a table; cells are stored by field id so a rename would not
/// touch the records.
struct AirtableField: Sendable {
    var id: String
    var name: String
    var type: AirtableFieldType
    var choices: [AirtableChoice] = []

    func choiceIndex(_ name: String) -> Int? {
        choices.firstIndex { $0.name == name }
    }
}

/// One sort key, by field id.
struct AirtableSort: Sendable, Hashable {
    var fieldID: String
    var descending: Bool
}

/// A saved view: its own filter and order.
struct AirtableView: Sendable {
    var id: String
    var name: String
    var filterByFormula: String?
    var sort: [AirtableSort] = []
}

/// A record: cells keyed by field id, empty values never stored.
struct AirtableRecord: Sendable {
    var id: String
    var createdTime: String
    /// Creation order: the table's default order and the auto number.
    var sequence: Int
    var cells: [String: JSON] = [:]
}

/// A table: its schema, views and records.
struct AirtableTable: Sendable {
    var id: String
    var name: String
    var position: Int
    var fields: [AirtableField]
    var views: [AirtableView]
    var records: [String: AirtableRecord] = [:]
    var nextSequence = 1

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

/// A base: its tables in order.
struct AirtableBase: Sendable {
    var id: String
    var name: String
    var tables: [AirtableTable] = []

    /// A table by id or by exact name.
    func tableIndex(_ key: String) -> Int? {
        tables.firstIndex { $0.id == key } ?? tables.firstIndex { $0.name == key }
    }
}

/// Changes made to a table by one write, remembered so exactly those rows
/// are committed to storage.
struct AirtableTableTransaction {
    private(set) var table: AirtableTable
    private(set) var touchedRecords: Set<String> = []
    private(set) var tableChanged = false

    init(_ table: AirtableTable) {
        self.table = table
    }

    func record(_ id: String) -> AirtableRecord? {
        table.records[id]
    }

    /// A new record with a fresh id, appended to the table's order.
    mutating func insert(cells: [String: JSON]) -> AirtableRecord {
        var id = AirtableID.make("rec")
        while table.records[id] != nil {
            id = AirtableID.make("rec")
        }
        let record = AirtableRecord(
            id: id, createdTime: AirtableTimestamp.now(), sequence: table.nextSequence, cells: cells)
        table.nextSequence += 1
        table.records[id] = record
        touchedRecords.insert(id)
        tableChanged = true
        return record
    }

    mutating func replaceCells(of id: String, with cells: [String: JSON]) {
        guard table.records[id] != nil else { return }
        table.records[id]?.cells = cells
        touchedRecords.insert(id)
    }

    mutating func delete(_ id: String) {
        guard table.records.removeValue(forKey: id) != nil else { return }
        touchedRecords.insert(id)
    }

    /// Adds an option to a select field (what `typecast` does for a value
    /// the field does not know yet).
    mutating func addChoice(_ name: String, toField fieldID: String) {
        guard let index = table.fields.firstIndex(where: { $0.id == fieldID }) else { return }
        let colors = ["blueLight2", "cyanLight2", "tealLight2", "greenLight2", "yellowLight2", "orangeLight2"]
        let count = table.fields[index].choices.count
        table.fields[index].choices.append(
            AirtableChoice(id: AirtableID.make("sel"), name: name, color: colors[count % colors.count]))
        tableChanged = true
    }
}
