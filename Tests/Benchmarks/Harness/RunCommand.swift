import ArgumentParser
import Foundation

/// `benchmarks run` (the default): runs the benchmarks in order and prints
/// the table with the machine and its load before and after.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Runs the benchmarks and prints the results table.")

    @Option(help: "Measured rounds per variant; medians and ranges are over these.")
    var rounds = 5

    @Flag(help: "A tenth of the work, for checking the harness; the numbers mean little.")
    var quick = false

    @Option(help: "Only these benchmarks, by number (for example 1,3,8).")
    var only: String?

    @Option(help: "Only these layers of benchmark 12, by number (for profiling one against another).")
    var layers: String?

    @Option(help: "Benchmark 12 at this concurrency only, 1 or 16 (for profiling).")
    var inFlight: Int?

    func run() async throws {
        let settings = BenchmarkSettings(
            rounds: max(1, rounds), scale: quick ? 0.1 : 1, layers: Self.numbers(in: layers), inFlight: inFlight)
        let selected = Self.numbers(in: only)
        let benchmarks: [(number: Int, run: () async throws -> [ResultRow])] = [
            (1, { try await ClientOverheadBenchmark(settings: settings).run() }),
            (3, { try await FeedDecodingBenchmark(settings: settings).run() }),
            (4, { try await SandboxQueryBenchmark(settings: settings).run() }),
            (5, { try await PagingBenchmark(settings: settings).run() }),
            (6, { try await StreamingLatencyBenchmark(settings: settings).run() }),
            (7, { try await ImageBenchmark(settings: settings).run() }),
            (8, { try await ServerThroughputBenchmark(settings: settings).run() }),
            (9, { try await SlowReadersBenchmark(settings: settings).run() }),
            (10, { try await RulesWriteBenchmark(settings: settings).run() }),
            (11, { try await AirtableFormulaBenchmark(settings: settings).run() }),
            (12, { try await LayerCostBenchmark(settings: settings).run() }),
            (13, { try await StuckReadersBenchmark(settings: settings).run() }),
            (14, { try await FileTransferBenchmark(settings: settings).run() }),
            (15, { try await FanOutBenchmark(settings: settings).run() }),
        ]
        let loadBefore = Machine.loadAverage
        let started = Date()
        var rows: [ResultRow] = []
        for benchmark in benchmarks
        where selected.isEmpty || selected.contains(benchmark.number)
            || (benchmark.number == 1 && selected.contains(2))
        {
            Self.progress("benchmark \(benchmark.number == 1 ? "1 and 2" : String(benchmark.number))…")
            rows += try await benchmark.run()
        }
        print("Machine: \(Machine.summary); \(Machine.buildConfiguration) build")
        print("Load average (1, 5, 15 min): \(loadBefore) before, \(Machine.loadAverage) after")
        print("Rounds: \(settings.rounds) per variant\(quick ? ", quick (a tenth of the work)" : ""); ", terminator: "")
        print("took \(Format.duration(Date().timeIntervalSince(started)))\n")
        print(ResultTable.render(rows))
        let missed = rows.filter { $0.verdict == .miss }.count
        print(
            "\n\(rows.filter { $0.verdict == .pass }.count) passed, \(missed) missed, "
                + "\(rows.filter { $0.verdict == .info }.count) informational")
    }

    /// `1,3,8` as numbers.
    private static func numbers(in list: String?) -> Set<Int> {
        Set((list ?? "").split(separator: ",").compactMap { Int($0) })
    }

    /// Progress goes to standard error, so standard output is the table alone.
    private static func progress(_ message: String) {
        try? FileHandle.standardError.write(contentsOf: Data("\(message)\n".utf8))
    }
}
