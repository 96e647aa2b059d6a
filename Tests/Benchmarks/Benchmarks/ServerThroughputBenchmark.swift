import Foundation
import Sandbox

/// Benchmark 8: how many small GETs a second the Sandbox server answers
/// (the item the client benchmarks fetch), next to a bare Hummingbird route
/// serving the same bytes, both driven the same way with 16 connections.
/// The target is issue 39's: 0.8 of the bare route (it was 0.5).
struct ServerThroughputBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        try await BenchServer.run { server in
            let sandboxURL = try BenchServer.itemURL(on: server.baseURL)
            let item = await server.sandbox.respond(to: BenchServer.itemSandboxRequest)
            let bare = try await BareHummingbirdServer.start(body: item.data)
            do {
                let generator = LoadGenerator.best()
                let seconds = max(1, Int((3 * settings.scale).rounded(.up)))
                let requests = settings.count(20_000, minimum: 500)
                let samples = try await Repetitions.interleaved(
                    settings.rounds,
                    variants: [sandboxURL, bare.url].map { url in
                        { try await generator.throughput(url, connections: 16, seconds: seconds, requests: requests) }
                    })
                await bare.stop()
                let ratio = samples[0].median / samples[1].median
                return [
                    .judged(
                        "8. Server throughput, small GET, 16 connections (\(generator.name))",
                        measured: "Sandbox \(Format.rate(samples[0])); bare Hummingbird \(Format.rate(samples[1]))",
                        judgedBy: "Sandbox ÷ bare requests/s", value: ratio, ratio: Format.ratio(ratio),
                        target: .atLeast(0.8))
                ]
            } catch {
                await bare.stop()
                throw error
            }
        }
    }
}
