import Foundation

/// Benchmark 3: decoding a 10,000-post feed with the SDK's lossy decoder
/// against a strict one; time in this process, peak memory in a fresh
/// child process each (see ``PeakMemoryCommand``), so neither inherits
/// the other's heap.
struct FeedDecodingBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        let count = settings.count(10_000, minimum: 100)
        let data = try PostFixtures.feedData(count: count)
        let decoder = JSONDecoder()
        let variants = [FeedDecoder.strict, .lossy].map { variant in
            {
                try await Stopwatch.seconds {
                    guard try variant.decode(data, with: decoder) == count else {
                        throw BenchmarkFailure("\(variant) decoding lost posts")
                    }
                }
            }
        }
        // Decoding is quick and CPU-bound: more rounds cost little and
        // steady the medians.
        let times = try await Repetitions.interleaved(settings.rounds * 3, variants: variants)
        let memory = try await peakMemory(of: data)
        let ratio = times[1].median / times[0].median
        let posts = Format.grouped(count)
        return [
            .judged(
                "3. Decode a \(posts)-post feed (\(Format.bytes(Double(data.count))))",
                measured: "strict \(Format.duration(times[0])); lossy \(Format.duration(times[1]))",
                judgedBy: "lossy ÷ strict time", value: ratio, ratio: Format.ratio(ratio), target: .atMost(1.15)),
            .info(
                "3. Peak memory decoding \(posts) posts",
                measured: "strict \(Format.bytes(memory.strict)); lossy \(Format.bytes(memory.lossy)) above the input",
                judgedBy: "lossy ÷ strict",
                ratio: memory.strict > 0 ? Format.ratio(memory.lossy / memory.strict) : "–"),
        ]
    }

    /// The median peak over three child processes per decoder.
    private func peakMemory(of data: Data) async throws -> (strict: Double, lossy: Double) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-feed-\(UUID()).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var strict: [Double] = []
        var lossy: [Double] = []
        for _ in 0..<3 {
            strict.append(try await OwnThread.run { try PeakMemoryCommand.measure(.strict, file: file) })
            lossy.append(try await OwnThread.run { try PeakMemoryCommand.measure(.lossy, file: file) })
        }
        return (Samples(strict).median, Samples(lossy).median)
    }
}
