import Foundation
import Networking
import SandboxCore

/// The lesson's base, `appIBfoNbzEaA72c2` with the table `Design projects`,
/// built from the lesson's own response (`Resources/airtable/`): the 16
/// records with their ids, `createdTime` and order, and a schema matching
/// their values.
enum AirtableLessonSeed {
    static let baseID = "appIBfoNbzEaA72c2"
    static let baseName = "Project tracker"
    static let tableName = "Design projects"
    static let tableID = "tblDesignProjects"

    /// The fixture's records (`{"id","createdTime","fields"}`), in order;
    /// parsed once per process and shared by every emulator.
    static func fixtureRecords() throws -> [JSON] {
        try parsedFixture.get()
    }

    private static let parsedFixture = Result { try loadFixture() }

    private static func loadFixture() throws -> [JSON] {
        guard let data = SandboxResources.airtable.data("airtable/projects-sample-response.json") else {
            throw AirtableEmulatorError(description: "The lesson's Airtable fixture is missing from the bundle.")
        }
        guard let records = try JSON.parse(data)["records"]?.arrayValue else {
            throw AirtableEmulatorError(description: "The lesson's Airtable fixture has no records.")
        }
        return records
    }

    /// Everyone who appears as a project lead or team member.
    static func collaborators(in records: [JSON]) -> AirtableCollaborators {
        // The user every request acts as is a collaborator of every base.
        var users: [JSON] = [AirtableCells.sandboxUser]
        for record in records {
            if let lead = record["fields"]?["Project lead"] {
                users.append(lead)
            }
            users.append(contentsOf: record["fields"]?["Project team"]?.arrayValue ?? [])
        }
        return AirtableCollaborators(users: users)
    }

    static func base(from fixture: [JSON]) -> AirtableBase {
        let categories = fixture.compactMap { $0["fields"]?["Category"]?.stringValue }
        var uniqueCategories: [String] = []
        for category in categories.sorted() where !uniqueCategories.contains(category) {
            uniqueCategories.append(category)
        }
        let definitions: [AirtableFieldDefinition] = [
            .init("Name", .singleLineText),
            .init("Category", .singleSelect, choices: uniqueCategories),
            .init("Project lead", .singleCollaborator),
            .init("Project team", .multipleCollaborators),
            .init("Kickoff date", .date),
            .init("Due date", .date),
            .init("Complete", .checkbox),
            .init("Notes", .multilineText),
            .init("Client", .multipleRecordLinks),
            .init("Tasks", .multipleRecordLinks),
            .init("Project images", .multipleAttachments),
        ]
        var table = makeTable(id: tableID, name: tableName, definitions: definitions)
        let fieldsByName = Dictionary(uniqueKeysWithValues: table.fields.map { ($0.name, $0.id) })
        for record in fixture {
            guard let id = record["id"]?.stringValue, let createdTime = record["createdTime"]?.stringValue else {
                continue
            }
            var cells: [String: JSON] = [:]
            for (name, value) in record["fields"]?.objectValue ?? [:] {
                if let fieldID = fieldsByName[name] {
                    cells[fieldID] = value
                }
            }
            table.records[id] = AirtableRecord(
                id: id, createdTime: createdTime, sequence: table.nextSequence, cells: cells)
            table.nextSequence += 1
        }
        table.views = [
            AirtableView(id: "viwGridView000000", name: "Grid view"),
            AirtableView(
                id: "viwIncomplete0000", name: "Incomplete projects", filterByFormula: "NOT({Complete})",
                sort: fieldsByName["Due date"].map { [AirtableSort(fieldID: $0, descending: false)] } ?? []),
        ]
        return AirtableBase(id: baseID, name: baseName, tables: [table])
    }

    /// A table from definitions, with ids derived from the names so that
    /// the same definitions always give the same schema.
    static func makeTable(id: String, name: String, definitions: [AirtableFieldDefinition]) -> AirtableTable {
        let fields = definitions.map { definition in
            AirtableField(
                id: AirtableID.derived("fld", from: "\(id)/\(definition.name)"),
                name: definition.name,
                type: definition.type,
                choices: definition.choices.enumerated().map { index, choice in
                    AirtableChoice(
                        id: AirtableID.derived("sel", from: "\(id)/\(definition.name)/\(choice)"), name: choice,
                        color: ["blueLight2", "cyanLight2", "tealLight2", "greenLight2", "yellowLight2"][index % 5])
                })
        }
        return AirtableTable(
            id: id, name: name, position: 0, fields: fields,
            views: [AirtableView(id: AirtableID.derived("viw", from: "\(id)/Grid view"), name: "Grid view")])
    }
}
