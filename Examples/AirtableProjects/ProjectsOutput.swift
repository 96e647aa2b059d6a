import ExampleSupport
import Foundation
import Models
import ViewModels

/// How the projects screens print: a table, or `--json` documents.
@MainActor
enum ProjectsOutput {
    /// One project in `--json` output.
    struct Row: Encodable {
        var name: String
        var dueDate: String
        var category: String

        init(_ row: ProjectCell.ViewModel) {
            name = row.name
            dueDate = row.dueDate
            category = row.category
        }
    }

    /// The project `create` made, with Airtable's id and creation time.
    struct Created: Encodable {
        var id: String
        var createdTime: Date
        var name: String
        var dueDate: String
        var category: String

        init(_ record: AirtableRecord<Project>) {
            let row = ProjectCell.ViewModel(record.fields)
            id = record.id
            createdTime = record.createdTime
            name = row.name
            dueDate = row.dueDate
            category = row.category
        }
    }

    /// `list --json`.
    struct ListDocument: Encodable {
        var projects: [Row]
    }

    /// `create --json`: the new project and the list the app returns to.
    struct CreateDocument: Encodable {
        var created: Created
        var projects: [Row]
    }

    /// Throws the screen's alert as one line, if it has one.
    static func check(_ screen: ProjectsViewModel) throws {
        if let alert = screen.alert {
            throw ExampleFailure("\(alert.title): \(alert.message)")
        }
    }

    /// A title line and the rows as a table.
    static func render(_ rows: [ProjectCell.ViewModel], terminal: Terminal) -> String {
        var table = TextTable(columns: [.init("Name"), .init("Due date"), .init("Category")])
        for row in rows {
            table.append([row.name, row.dueDate, row.category])
        }
        let count = rows.count == 1 ? "1 project" : "\(rows.count) projects"
        return terminal.styled("Design projects", .bold) + " (\(count))\n\n" + table.render(using: terminal)
    }
}
