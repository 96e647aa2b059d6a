import ArgumentParser
import ExampleSupport
import Foundation
import Models
import ViewModels

/// `airtable-projects create`: the create-project screen, then the list it
/// returns to.
struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a project, then show the list again as the app does when the form closes."
    )

    @Option(help: "The project's name.")
    var name: String?

    @Option(help: "The project's category, such as \"Brand identity\"; a new one is added to the table.")
    var category: String?

    @Option(help: "The due day as YYYY-MM-DD (default: today where you are).")
    var due: String?

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if let due, CalendarDate(due) == nil {
            throw ValidationError("--due must be a real day written YYYY-MM-DD, such as 2024-01-31; got \"\(due)\".")
        }
    }

    func run() async throws {
        // The form's date picker holds an instant; the day the user typed
        // starts where they are, so the form posts that very day.
        let dueDate = due.flatMap { CalendarDate($0) }.flatMap { $0.startOfDay(in: .current) } ?? Date()
        await Self.create(name: name ?? "", category: category ?? "", dueDate: dueDate, options: backend)
    }

    @MainActor
    private static func create(name: String, category: String, dueDate: Date, options: BackendOptions) async {
        await Backend.run(options) { backend in
            let client = backend.airtableClient()
            let form = CreateProjectViewModel(client: client, dueDate: dueDate, timeZone: .current)
            form.name = name
            form.category = category
            await WaitIndicator.showing("Posting") { await form.post() }
            if let alert = form.alert {
                throw ExampleFailure("\(alert.title): \(alert.message)")
            }
            guard form.shouldDismiss, let record = form.createdRecord else {
                throw ExampleFailure("The project was not created.")
            }
            let list = ProjectsViewModel(client: client)
            await WaitIndicator.showing("Loading projects") { await list.viewWillAppear() }
            try ProjectsOutput.check(list)
            if options.json {
                try JSONOutput.print(
                    ProjectsOutput.CreateDocument(
                        created: ProjectsOutput.Created(record), projects: list.rows.map(ProjectsOutput.Row.init)))
            } else {
                let terminal = Terminal.current
                let created = ProjectCell.ViewModel(record.fields)
                print(
                    terminal.styled("Created", .green)
                        + " \"\(created.name)\" (\(created.category), due \(created.dueDate)) as \(record.id)")
                print("")
                print(ProjectsOutput.render(list.rows, terminal: terminal))
            }
        }
    }
}
