import Foundation
import Networking
import SandboxCore

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
    /// The metadata API's `options` for the type, select choices aside
    /// (``choices`` holds those): a formula's text, a rating's maximum, a
    /// currency's symbol, a link's table…
    var options: [String: JSON] = [:] {
        didSet { formula = Self.parsedFormula(type, options) }
    }
    /// The field's description, when it has one.
    var description: String?
    /// A formula field's formula, or a rollup's, parsed once.
    private(set) var formula: AirtableFormula?

    init(
        id: String, name: String, type: AirtableFieldType, choices: [AirtableChoice] = [],
        options: [String: JSON] = [:], description: String? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.choices = choices
        self.options = options
        self.description = description
        formula = Self.parsedFormula(type, options)
    }

    private static func parsedFormula(_ type: AirtableFieldType, _ options: [String: JSON]) -> AirtableFormula? {
        guard type == .formula || type == .rollup, let text = options["formula"]?.stringValue else { return nil }
        return AirtableFormula.parse(text)
    }

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
    /// Its comments, oldest first, as the API's comment objects.
    var comments: [JSON] = []
    /// When a cell last changed, when one has since it was created.
    var modifiedTime: String?

    /// When a cell last changed: what last-modified-time fields and
    /// `LAST_MODIFIED_TIME()` read.
    var lastModifiedTime: String { modifiedTime ?? createdTime }
}

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

/// A base's tables by id, shared by every table handed out for one
/// request (each stored without its own ``AirtableTable/base``).
final class AirtableBaseTables: Sendable {
    let tables: [String: AirtableTable]

    init(_ base: AirtableBase) {
        var tables: [String: AirtableTable] = [:]
        for var table in base.tables {
            table.base = nil
            tables[table.id] = table
        }
        self.tables = tables
    }
}

/// A base: its tables in order.
struct AirtableBase: Sendable {
    var id: String
    var name: String
    var tables: [AirtableTable] = []

    /// A table by id, or by name as Airtable matches it: regardless of
    /// case (pyairtable's own suite names one table `Everything` and
    /// `EVERYTHING` against the same base), the exact spelling first.
    func tableIndex(_ key: String) -> Int? {
        tables.firstIndex { $0.id == key } ?? tables.firstIndex { $0.name == key }
            ?? tables.firstIndex { $0.name.caseInsensitiveCompare(key) == .orderedSame }
    }
}

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
