import ArgumentParser
import ExampleSupport

/// The `airtable-projects` example: lesson 1, Airtable projects. It lists
/// the `Design projects` table and creates projects in it, through the
/// lesson's two screens.
@main
struct AirtableProjectsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airtable-projects",
        abstract: "Lesson 1, Airtable: list the design projects and create new ones.",
        discussion: """
            By default it starts the Sandbox on a free loopback port. With --base-url it talks to \
            any server that speaks the Airtable API, with AIRTABLE_TOKEN and AIRTABLE_BASE_ID \
            from the environment or a .env file.
            """,
        subcommands: [ListCommand.self, CreateCommand.self]
    )
}
