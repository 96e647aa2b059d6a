import Foundation
import Models
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Benchmark 12: where the SDK's time goes over `URLSession`, one layer at a
/// time. Each variant adds one layer to the one before it and makes the
/// same GET of benchmark 1's item, one request at a time; the server runs in
/// a child process (`benchmarks serve`), so the process's CPU time is the
/// client's alone. Rounds are interleaved like every comparison here.
///
/// The rows report CPU time per request (all threads of this process:
/// URLSession's, libcurl's, the executor's) and what each layer adds to
/// the one before, with requests per second beside it. No targets: this is
/// the breakdown behind benchmarks 1 and 2, read in Docs/Performance.md.
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
        guard let base = URL(string: "http://127.0.0.1:\(server.port)") else {
            throw BenchmarkFailure("no URL for port \(server.port)")
        }
        let layers = try Self.layers(on: base).enumerated()
            .filter { settings.layers.isEmpty || settings.layers.contains($0.offset + 1) }.map(\.element)
        let total = settings.count(3_000, minimum: 32)
        for layer in layers {
            for _ in 0..<settings.count(300, minimum: 16) {
                try await layer.request()
            }
        }
        let rounds = try await Repetitions.interleavedValues(
            settings.rounds, warmUp: false,
            variants: layers.map { layer in
                {
                    try await Stopwatch.wallAndCPUSeconds {
                        for _ in 0..<total {
                            try await layer.request()
                        }
                    }
                }
            })
        var rows: [ResultRow] = []
        var previous: Double?
        for (layer, measured) in zip(layers, rounds) {
            let cpu = Samples(measured.map { $0.cpu / Double(total) })
            let rate = Samples(measured.map { Double(total) / $0.wall })
            let added = previous.map { cpu.median - $0 }
            rows.append(
                .info(
                    "12. \(layer.name)",
                    measured: "CPU \(Format.duration(cpu)) a request; \(Format.rate(rate))",
                    judgedBy: "CPU added a request",
                    ratio: added.map { ($0 < 0 ? "−" : "+") + Format.duration(abs($0)) } ?? "–"))
            previous = cpu.median
        }
        return rows
    }

    /// The variants, each the one before plus one layer.
    private static func layers(on base: URL) throws -> [Layer] {
        let url = try BenchServer.itemURL(on: base)
        let session = RawURLSessionClient.shared
        let transport = URLSessionTransport.shared
        let expected = BenchServer.item
        let itemRequest = BenchServer.itemRequest
        var client = BenchServer.client(of: base, transport: transport)
        let prebuilt = try client.makeHTTPRequest(itemRequest)

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
            Layer(name: "HTTPClient.perform, no redirects followed") {
                guard try await noRedirects.perform(prebuilt, isIdempotent: true).status == 200 else {
                    throw Self.wrongBody
                }
            },
            Layer(name: "HTTPClient.perform, redirects followed") {
                guard try await plain.perform(prebuilt, isIdempotent: true).status == 200 else {
                    throw Self.wrongBody
                }
            },
            Layer(name: "HTTPClient.perform of a request built each time") {
                let request = try plain.makeHTTPRequest(itemRequest)
                guard try await plain.perform(request, isIdempotent: true).status == 200 else {
                    throw Self.wrongBody
                }
            },
            Layer(name: "HTTPClient.send, decoded (benchmark 1's SDK client)") {
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
