import ArgumentParser
import ExampleSupport

/// The `bankey` example: lesson 4, Bankey. It shows a customer's account
/// summary as the app's first screen does: the header, one row per
/// account, and the total.
@main
struct BankeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bankey",
        abstract: "Lesson 4, Bankey: a customer's account summary.",
        discussion: """
            By default it starts the Sandbox on a free loopback port; --base-url sends the requests \
            to any server that speaks the Bankey API instead.
            """,
        subcommands: [SummaryCommand.self],
        defaultSubcommand: SummaryCommand.self
    )
}
