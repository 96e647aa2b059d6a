import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// Benchmark 13: 200 event-stream readers that subscribe and never read a
/// byte, against the same writes with no reader at all. Each run has a
/// server of its own in a child process (`benchmarks serve`), warmed with
/// the same writes so its request log is at its steady size; then a writer
/// sends events one after another, timing each, while the server's
/// resident memory is sampled: 16 KB events for memory (they fill the
/// budget), 256-byte ones for the writes' time (all readers stay attached).
///
/// Judged, as issue 37 states them:
/// - the peak with the readers, less the peak without, within the streams'
///   budget (`SandboxServerOptions.maxQueuedStreamBytes`, 64 MiB);
/// - after the readers leave, memory within 16 MB of the run without them;
/// - the median write with the readers within 2× of the median without.
struct StuckReadersBenchmark {
    let settings: BenchmarkSettings

    /// What one run measured.
    private struct Run {
        var peak: Int
        var after: Int
        var writes: Samples
    }

    func run() async throws -> [ResultRow] {
        let readers = 200
        // Memory: 16 KB events, which fill the budget, so readers are
        // dropped and reconnect no more.
        let large = 16 << 10
        let quiet = try await measure(readers: 0, eventSize: large, writes: 2_000)
        let stuck = try await measure(readers: readers, eventSize: large, writes: 2_000)
        // Writes: events of a lesson post's size, 1,000 of them queue 50 MB
        // in all for the readers, under the budget: every write is timed
        // with all 200 readers attached and stuck.
        let small = 256
        let quietWrites = try await measure(readers: 0, eventSize: small, writes: 1_000).writes
        let stuckWrites = try await measure(readers: readers, eventSize: small, writes: 1_000).writes
        let budget = 64.0
        let grown = Double(stuck.peak - quiet.peak) / 1024 / 1024
        let kept = Double(stuck.after - quiet.after) / 1024 / 1024
        let slower = stuckWrites.median / quietWrites.median
        return [
            .judged(
                "13. \(readers) stuck stream readers, server peak memory",
                measured:
                    "peak \(Format.bytes(Double(stuck.peak))) against \(Format.bytes(Double(quiet.peak))) without "
                    + "(\(Format.grouped(stuck.writes.sorted.count)) events of 16 KB)",
                judgedBy: "difference, MiB", value: grown, ratio: Format.decimal(grown, digits: 1),
                target: .atMost(budget, suffix: " MiB")),
            .judged(
                "13. after they leave, server memory",
                measured: "\(Format.bytes(Double(stuck.after))) against \(Format.bytes(Double(quiet.after))) without",
                judgedBy: "difference, MiB", value: kept, ratio: Format.decimal(kept, digits: 1),
                target: .atMost(16, suffix: " MiB")),
            .judged(
                "13. a write while they are attached and stuck",
                measured:
                    "median \(Format.duration(stuckWrites.median)) against \(Format.duration(quietWrites.median)) "
                    + "without (\(Format.grouped(stuckWrites.sorted.count)) writes of 256 bytes each)",
                judgedBy: "with ÷ without", value: slower, ratio: Format.ratio(slower), target: .atMost(2)),
        ]
    }

    private func measure(readers count: Int, eventSize: Int, writes: Int) async throws -> Run {
        let server = try ChildServer.start()
        defer { server.stop() }
        var writer = NetworkClient(baseURL: try server.baseURL, retryPolicy: .never)
        writer.query = [QueryItem(name: "ns", value: "stuck"), QueryItem(name: "print", value: "silent")]
        let warm = String(repeating: "x", count: 16 << 10)
        for index in 0..<settings.count(10_000, minimum: 1_000) {
            try await writer.send(NetworkRequest<Void>.put("warm/\(index % 5)", body: warm).pathExtension("json"))
        }
        let event = String(repeating: "x", count: eventSize)
        let readers = try StuckReaders(port: server.port, path: "/stuck.json?ns=stuck", count: count)
        var peak = try server.residentBytes()
        var durations: [Double] = []
        for index in 0..<settings.count(writes, minimum: writes / 10) {
            durations.append(
                try await Stopwatch.seconds {
                    try await writer.send(
                        NetworkRequest<Void>.put("stuck/\(index % 10)", body: event).pathExtension("json"))
                })
            if index % 20 == 0 {
                peak = max(peak, try server.residentBytes())
            }
        }
        peak = max(peak, try server.residentBytes())
        readers.disconnect()
        // The server notices each reader leaving and frees what it held;
        // the same pause for the run without readers.
        try await Task.sleep(for: .seconds(3))
        return Run(peak: peak, after: try server.residentBytes(), writes: Samples(durations))
    }
}

/// Connections that ask for an event stream and never read
/// (``EventStreamSocket``): the server's side of each is soon full.
private struct StuckReaders {
    private let descriptors: [Int32]

    init(port: Int, path: String, count: Int) throws {
        var descriptors: [Int32] = []
        for _ in 0..<count {
            guard let descriptor = EventStreamSocket.open(port: port, path: path) else {
                for open in descriptors { close(open) }
                throw BenchmarkFailure("could not connect a stuck reader")
            }
            descriptors.append(descriptor)
        }
        self.descriptors = descriptors
    }

    func disconnect() {
        for descriptor in descriptors {
            close(descriptor)
        }
    }
}
