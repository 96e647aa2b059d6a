import ArgumentParser
import ExampleSupport
import ViewModels

/// `airtable-projects list`: the projects screen.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every project of the Design projects table: name, due date and category."
    )

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        await Self.show(options: backend)
    }

    @MainActor
    private static func show(options: BackendOptions) async {
        await Backend.run(options) { backend in
            let screen = ProjectsViewModel(client: backend.airtableClient())
            await WaitIndicator.showing("Loading projects") { await screen.viewWillAppear() }
            try ProjectsOutput.check(screen)
            if options.json {
                try JSONOutput.print(ProjectsOutput.ListDocument(projects: screen.rows.map(ProjectsOutput.Row.init)))
            } else {
                print(ProjectsOutput.render(screen.rows, terminal: .current))
            }
        }
    }
}
