import Foundation
import Sandbox

/// Benchmark 8: how many small GETs a second the Sandbox server answers
/// (the item the client benchmarks fetch), next to a bare Hummingbird route
/// asked the same request and giving the same answer, headers and all
/// (``BareHummingbirdServer``), both driven the same way with 16 connections.
/// The target is issue 39's: 0.8 of the bare route (it was 0.5).
///
/// Each round alternates one-second runs of the two servers, and is judged
/// by the median of its pairs' ratios, as the client benchmarks are (see
/// ``Repetitions/bursts(_:bursts:warmUp:variants:)``): this machine's speed
/// wanders over seconds, and three-second rounds compared by their medians
/// could set a slow stretch of one server against a fast one of the other.
/// Five pairs a round, after one unmeasured pair: with three, and the
/// servers' first second measured, one run's round ratios spread over
/// 0.70–0.95, wider than the margin the target is judged by.
struct ServerThroughputBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        try await BenchServer.run { server in
            let sandboxURL = try BenchServer.itemURL(on: server.baseURL)
            let item = await server.sandbox.respond(to: BenchServer.itemSandboxRequest)
            let bare = try await BareHummingbirdServer.start(answer: item)
            do {
                let generator = LoadGenerator.best()
                let pairs = max(1, Int((5 * settings.scale).rounded(.up)))
                let requests = settings.count(7_000, minimum: 200)
                let rates = try await Repetitions.bursts(
                    settings.rounds, bursts: pairs, warmUp: true,
                    variants: [sandboxURL, bare.url].map { url in
                        { try await generator.throughput(url, connections: 16, seconds: 1, requests: requests) }
                    })
                await bare.stop()
                let ratios = Repetitions.roundRatios(rates[0], rates[1])
                return [
                    .judged(
                        "8. Server throughput, small GET, 16 connections (\(generator.name))",
                        measured: "Sandbox \(Format.rate(Self.medians(rates[0]))); "
                            + "bare Hummingbird \(Format.rate(Self.medians(rates[1]))); "
                            + Format.roundRatios(ratios),
                        judgedBy: "Sandbox ÷ bare requests/s, median of rounds", value: ratios.median,
                        ratio: Format.ratio(ratios.median), target: .atLeast(0.8))
                ]
            } catch {
                await bare.stop()
                throw error
            }
        }
    }

    /// Each round's median rate.
    private static func medians(_ rounds: [[Double]]) -> Samples {
        Samples(rounds.map { Samples($0).median })
    }
}
