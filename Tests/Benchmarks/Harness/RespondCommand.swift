import ArgumentParser
import Foundation
import Sandbox

/// `benchmarks respond`: the time of one `Sandbox.respond(to:)` for
/// benchmark 8's item, in process and one at a time, without the server
/// around it, and of the Firebase emulator's part alone. A profiling aid
/// for benchmark 8 (run it under `perf record -g`; Performance.md has the
/// commands), not a judged benchmark.
struct RespondCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "respond", abstract: "Times Sandbox.respond(to:) for benchmark 8's item (a profiling aid).",
        shouldDisplay: false)

    @Option(help: "Requests per round.")
    var count = 200_000

    @Option(help: "Rounds.")
    var rounds = 3

    func run() async throws {
        var configuration = SandboxConfiguration()
        configuration.firebase.seedsLessonData = false
        let sandbox = try await Sandbox(configuration: configuration)
        try await BenchServer.seed(sandbox)
        let request = BenchServer.itemSandboxRequest
        let count = max(1, count)
        for _ in 0..<max(1, rounds) {
            let whole = await Stopwatch.seconds {
                for _ in 0..<count { _ = await sandbox.respond(to: request) }
            }
            let emulator = await Stopwatch.seconds {
                for _ in 0..<count { _ = await sandbox.firebase.respond(to: request) }
            }
            print(
                "Sandbox.respond: \(Format.duration(whole / Double(count))); "
                    + "FirebaseEmulator.respond: \(Format.duration(emulator / Double(count)))")
        }
    }
}
