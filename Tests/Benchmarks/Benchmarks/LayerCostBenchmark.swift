import Foundation
import Models
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Benchmark 12: where the SDK's time goes over `URLSession`, one layer at a
/// time. Each variant adds one layer to the one before it and makes the
/// same GET of benchmark 1's item, one at a time and then 16 in flight; the
/// server runs in a child process (`benchmarks serve`), so the process's CPU
/// time is the client's alone. The variants run in alternating bursts, like
/// benchmarks 1 and 2 (``Repetitions/bursts(_:bursts:warmUp:variants:)``).
///
/// Each row reports the CPU time per request (all threads of this process:
/// URLSession's, libcurl's, the executor's) and what the layer adds to the
/// one before, and the rate as a ratio to the first variant, raw
/// `URLSession`, at both concurrencies. No targets: this is the breakdown
/// behind benchmarks 1 and 2, read in Docs/Performance.md.
struct LayerCostBenchmark {
    let settings: BenchmarkSettings

    /// One variant: what it adds, and one request made its way.
    private struct Layer {
        let name: String
        let request: @Sendable () async throws -> Void
    }

    func run() async throws -> [ResultRow] {
        let server = try ChildServer.start()
        defer { server.stop() }
        let base = try server.baseURL
        let layers = try Self.layers(on: base).enumerated()
            .filter { settings.layers.isEmpty || settings.layers.contains($0.offset + 1) }.map(\.element)
        // Both concurrencies unless one was asked for.
        var measured: [(inFlight: Int, figures: Figures)] = []
        for inFlight in settings.inFlight.map({ [$0] }) ?? [1, 16] {
            measured.append((inFlight, try await measure(layers, inFlight: inFlight)))
        }
        let first = measured[0]
        var rows: [ResultRow] = []
        for index in layers.indices {
            let added = index == 0 ? nil : first.figures.cpu(of: index).median - first.figures.cpu(of: index - 1).median
            let cpu = measured.map { "\(Format.duration($0.figures.cpu(of: index).median)) \(Self.label($0.inFlight))" }
            let ratios = measured.map { "\(Format.ratio($0.figures.rateRatios(of: index))) \(Self.label($0.inFlight))" }
            rows.append(
                .info(
                    "12. \(layers[index].name)",
                    measured:
                        "CPU a request \(cpu.joined(separator: ", ")); rate ÷ raw \(ratios.joined(separator: ", "))",
                    judgedBy: "CPU added a request, \(Self.label(first.inFlight))",
                    ratio: added.map { ($0 < 0 ? "−" : "+") + Format.duration(abs($0)) } ?? "–"))
        }
        return rows
    }

    /// `one at a time` or `16 in flight`.
    private static func label(_ inFlight: Int) -> String {
        inFlight == 1 ? "one at a time" : "\(inFlight) in flight"
    }

    /// Every layer's rounds at one concurrency.
    private struct Figures {
        /// Requests each layer made in a round.
        var requests: Int
        /// Per layer and round, each burst's wall and CPU seconds.
        var rounds: [[[Elapsed]]]

        /// A layer's CPU seconds per request, over its rounds.
        func cpu(of layer: Int) -> Samples {
            Samples(rounds[layer].map { $0.reduce(.zero, +).cpu / Double(requests) })
        }

        /// A layer's rate as a ratio to the first layer's, round by round.
        func rateRatios(of layer: Int) -> Samples {
            Samples(
                zip(rounds[0], rounds[layer]).map { first, this in
                    Repetitions.pairedRatio(first.map(\.wall), this.map(\.wall))
                })
        }
    }

    private func measure(_ layers: [Layer], inFlight: Int) async throws -> Figures {
        for layer in layers {
            _ = try await Load.run(total: settings.count(300, minimum: 16), inFlight: inFlight, layer.request)
        }
        let burst = inFlight == 1 ? 100 : 500
        let bursts = max(1, settings.count(3_000, minimum: 500) / burst)
        let rounds = try await Repetitions.bursts(
            settings.rounds, bursts: bursts,
            variants: layers.map { layer in
                {
                    try await Stopwatch.wallAndCPUSeconds {
                        _ = try await Load.run(total: burst, inFlight: inFlight, layer.request)
                    }
                }
            })
        return Figures(requests: burst * bursts, rounds: rounds)
    }

    /// The variants, each the one before plus one layer.
    private static func layers(on base: URL) throws -> [Layer] {
        let url = try BenchServer.itemURL(on: base)
        let session = RawURLSessionClient.shared
        let transport = URLSessionTransport.shared
        let expected = BenchServer.item
        let itemRequest = BenchServer.itemRequest
        var client = BenchServer.client(of: base, transport: transport)
        let prebuilt = try client.makeTransportRequest(itemRequest)

        client.maxRedirects = 0
        let noRedirects = client
        client.maxRedirects = 10
        let plain = client
        client.observers = [NetworkObserver { _ in }]
        let observed = client
        client.interceptors = [PassThrough()]
        let intercepted = client

        return [
            Layer(name: "raw URLSession.data(for:), status checked") {
                try await session.fetch(url)
            },
            Layer(name: "raw, decoded (benchmark 1's raw client)") {
                guard try await session.get(url, as: Post.Body.self) == expected else { throw Self.wrongBody }
            },
            Layer(name: "URLSessionTransport.send alone (a built request)") {
                guard try await transport.send(prebuilt).status == 200 else { throw Self.wrongBody }
            },
            Layer(name: "NetworkClient.perform, no redirects followed") {
                guard try await noRedirects.perform(prebuilt, isIdempotent: true).status == 200 else {
                    throw Self.wrongBody
                }
            },
            Layer(name: "NetworkClient.perform, redirects followed") {
                guard try await plain.perform(prebuilt, isIdempotent: true).status == 200 else {
                    throw Self.wrongBody
                }
            },
            Layer(name: "NetworkClient.perform of a request built each time") {
                let request = try plain.makeTransportRequest(itemRequest)
                guard try await plain.perform(request, isIdempotent: true).status == 200 else {
                    throw Self.wrongBody
                }
            },
            Layer(name: "NetworkClient.send, decoded (benchmark 1's SDK client)") {
                guard try await plain.send(itemRequest) == expected else { throw Self.wrongBody }
            },
            Layer(name: "send with one observer") {
                guard try await observed.send(itemRequest) == expected else { throw Self.wrongBody }
            },
            Layer(name: "send with one observer and one interceptor") {
                guard try await intercepted.send(itemRequest) == expected else { throw Self.wrongBody }
            },
        ]
    }

    private static let wrongBody = BenchmarkFailure("unexpected answer for the benchmarks' item")

    /// An interceptor that hands every request on: the cost of the chain
    /// itself.
    private struct PassThrough: HTTPInterceptor {}
}
