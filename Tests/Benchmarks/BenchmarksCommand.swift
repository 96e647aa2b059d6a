import ArgumentParser

/// `make bench`: the SDK measured against what users would use instead
/// (see Docs/Performance.md).
@main
struct BenchmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmarks",
        abstract: "Measures the SDK against the raw stacks and prints one table.",
        subcommands: [
            RunCommand.self, PeakMemoryCommand.self, ServeCommand.self, TransferCommand.self, RespondCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
