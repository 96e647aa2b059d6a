import Foundation
import Networking
import SandboxCore

/// Changes made to a table by one write, remembered so exactly those rows
/// are committed to storage.
struct AirtableTableTransaction {
    private(set) var table: AirtableTable
    private(set) var touchedRecords: Set<String> = []
    private(set) var tableChanged = false
    /// The write's one budget for computed cells: reading linked records by
    /// name and rendering the records it answers with.
    let computation = AirtableComputation()

    init(_ table: AirtableTable) {
        self.table = table
    }

    func record(_ id: String) -> AirtableRecord? {
        table.records[id]
    }

    /// A new record with a fresh id (or `id`, from a base file), appended
    /// to the table's order.
    @discardableResult
    mutating func insert(cells: [String: JSON], id given: String? = nil, createdTime: String? = nil) -> AirtableRecord {
        var id = given ?? AirtableID.make("rec")
        while given == nil, table.records[id] != nil {
            id = AirtableID.make("rec")
        }
        let created = createdTime.flatMap(AirtableFormulaDate.init(parsing:))?.isoText ?? AirtableTimestamp.now()
        let record = AirtableRecord(
            id: id, createdTime: created, sequence: table.nextSequence, cells: cells)
        table.nextSequence += 1
        table.records[id] = record
        touchedRecords.insert(id)
        computation.forgetCells()
        tableChanged = true
        return record
    }

    mutating func replaceCells(of id: String, with cells: [String: JSON]) {
        guard let record = table.records[id] else { return }
        if record.cells != cells {
            table.records[id]?.cells = cells
            table.records[id]?.modifiedTime = AirtableTimestamp.now()
            computation.forgetCells()
        }
        touchedRecords.insert(id)
    }

    /// Replaces a record's comments.
    mutating func setComments(of id: String, to comments: [JSON]) {
        guard table.records[id] != nil else { return }
        table.records[id]?.comments = comments
        touchedRecords.insert(id)
    }

    mutating func delete(_ id: String) {
        guard table.records.removeValue(forKey: id) != nil else { return }
        touchedRecords.insert(id)
        computation.forgetCells()
    }

    /// Replaces the table's name and description (the metadata API's
    /// update table).
    mutating func describe(name: String, description: String?) {
        table.name = name
        table.description = description
        tableChanged = true
    }

    /// Adds a field at the end of the table.
    mutating func add(_ field: AirtableField) {
        table.fields.append(field)
        tableChanged = true
    }

    /// Sets one of a field's `options`.
    mutating func setOption(_ key: String, to value: JSON, ofField id: String) {
        guard let index = table.fields.firstIndex(where: { $0.id == id }) else { return }
        table.fields[index].options[key] = value
        tableChanged = true
    }

    /// Replaces a field's name and description.
    mutating func describeField(_ id: String, name: String, description: String?) {
        guard let index = table.fields.firstIndex(where: { $0.id == id }) else { return }
        table.fields[index].name = name
        table.fields[index].description = description
        tableChanged = true
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
