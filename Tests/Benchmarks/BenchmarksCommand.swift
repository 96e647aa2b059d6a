import ArgumentParser

// SCAFFOLD: the benchmarks arrive with issue 10.
/// `make bench`: the SDK measured against what users would use instead.
@main
struct BenchmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "benchmarks")

    func run() async throws {
        print("The benchmarks are not built yet.")
    }
}
