import ArgumentParser
import Foundation
import Sandbox

/// `benchmarks respond`: the time of one `Sandbox.respond(to:)` for
/// benchmark 8's item, in process and one at a time, without the server
/// around it, and of the Firebase emulator's part alone; with `--writes`,
/// of one of benchmark 10's writes under its ten rules and under open
/// rules. A profiling aid for those benchmarks (run it under
/// `perf record -g`; Performance.md has the commands), not a judged one.
struct RespondCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "respond", abstract: "Times Sandbox.respond(to:) for benchmark 8's item (a profiling aid).",
        shouldDisplay: false)

    @Option(help: "Requests per round.")
    var count = 200_000

    @Option(help: "Rounds.")
    var rounds = 3

    @Flag(help: "Time benchmark 10's writes instead, under its rules and under open rules.")
    var writes = false

    func run() async throws {
        guard !writes else { return try await timeWrites() }
        let sandbox = try await BenchServer.sandbox()
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

    private func timeWrites() async throws {
        let open = try await RulesWriteBenchmark.sandbox(rules: nil)
        let guarded = try await RulesWriteBenchmark.sandbox(rules: RulesWriteBenchmark.rules)
        let token = FirebaseEmulator.unsignedIDToken(uid: "ada", claims: ["name": "Ada"])
        let count = max(1, count / 10)
        for round in 0..<max(1, rounds) {
            let openSeconds = try await RulesWriteBenchmark.write(count, to: open, token: token, round: round)
            let rulesSeconds = try await RulesWriteBenchmark.write(count, to: guarded, token: token, round: round)
            print(
                "open: \(Format.duration(openSeconds / Double(count))); "
                    + "ten rules: \(Format.duration(rulesSeconds / Double(count)))")
        }
    }
}
