import AsyncHTTPClientTransport
import Foundation
import Models
import Networking

/// Benchmarks 1 and 2: the SDK's `NetworkClient` against the raw stack it runs
/// on, for URLSession and AsyncHTTPClient, one at a time and 16 in flight,
/// each request a GET of a small JSON body decoded into `Post.Body`, from a
/// Sandbox server in a child process (`benchmarks serve`), so the server's
/// threads and allocations are not the clients'.
///
/// All four clients are measured in the same rounds (see ``Repetitions``),
/// a raw client and its SDK client always back to back. Each row is judged
/// by the median of the per-round ratios (SDK ÷ raw in the same round),
/// which a change of the machine's speed between rounds does not move, and
/// shows their range: the spread between the fastest and slowest round.
struct ClientOverheadBenchmark {
    let settings: BenchmarkSettings

    /// Seconds of each burst, by round, for each of the four clients at one
    /// concurrency.
    private struct Figures {
        /// Requests each client made in one round.
        var requests: Int
        var rawURLSession: [[Double]]
        var sdkURLSession: [[Double]]
        var rawAsyncHTTPClient: [[Double]]
        var sdkAsyncHTTPClient: [[Double]]
    }

    func run() async throws -> [ResultRow] {
        let server = try ChildServer.start()
        defer { server.stop() }
        let base = try server.baseURL
        let sequential = try await measure(on: base, inFlight: 1)
        let concurrent = try await measure(on: base, inFlight: 16)
        return [
            Self.overhead(
                "1. Client overhead, URLSession, sequential", sequential.rawURLSession, sequential.sdkURLSession,
                requests: sequential.requests),
            Self.overhead(
                "2. Client overhead, URLSession, 16 in flight", concurrent.rawURLSession, concurrent.sdkURLSession,
                requests: concurrent.requests),
            Self.overhead(
                "2. Client overhead, AsyncHTTPClient, sequential", sequential.rawAsyncHTTPClient,
                sequential.sdkAsyncHTTPClient, requests: sequential.requests),
            Self.overhead(
                "2. Client overhead, AsyncHTTPClient, 16 in flight", concurrent.rawAsyncHTTPClient,
                concurrent.sdkAsyncHTTPClient, requests: concurrent.requests),
            Self.transportSpeedup(concurrent),
        ]
    }

    /// Requests in one round of one client, rounded down to whole bursts:
    /// enough that a round's ratio moves by less than 3 % on this machine.
    /// With 60 bursts a round one at a time and 96 at 16 in flight the
    /// rounds still differed by 3–5 %; 150 and 192 are asked now.
    private func total(inFlight: Int) -> Int {
        settings.count(inFlight == 1 ? 15_000 : 48_000, minimum: 500)
    }

    private func measure(on base: URL, inFlight: Int) async throws -> Figures {
        let url = try BenchServer.itemURL(on: base)
        let rawSession = RawURLSessionClient.shared
        let rawNIO = RawAsyncHTTPClient()
        let sdkSession = BenchServer.client(of: base, transport: URLSessionTransport.shared)
        let sdkNIO = BenchServer.client(of: base, transport: AsyncHTTPClientTransport())
        let request = BenchServer.itemRequest
        let expected = BenchServer.item
        let operations: [@Sendable () async throws -> Void] = [
            { try Self.check(try await rawSession.get(url, as: Post.Body.self), expected) },
            { try Self.check(try await sdkSession.send(request), expected) },
            { try Self.check(try await rawNIO.get(url.absoluteString, as: Post.Body.self), expected) },
            { try Self.check(try await sdkNIO.send(request), expected) },
        ]
        // Opens each client's connections and warms its code paths.
        for operation in operations {
            _ = try await Load.run(total: settings.count(500, minimum: 16), inFlight: inFlight, operation)
        }
        // Bursts of a tenth of a second or less, alternated (see
        // ``Repetitions/bursts(_:bursts:warmUp:variants:)``).
        let burst = inFlight == 1 ? 100 : 250
        let bursts = max(1, total(inFlight: inFlight) / burst)
        let seconds = try await Repetitions.bursts(
            settings.rounds, bursts: bursts,
            variants: operations.map { operation in
                { try await Load.run(total: burst, inFlight: inFlight, operation) }
            })
        return Figures(
            requests: burst * bursts, rawURLSession: seconds[0], sdkURLSession: seconds[1],
            rawAsyncHTTPClient: seconds[2],
            sdkAsyncHTTPClient: seconds[3])
    }

    /// A wrong body would make the timings meaningless.
    private static func check(_ value: Post.Body, _ expected: Post.Body) throws {
        guard value == expected else { throw BenchmarkFailure("decoded \(value), expected \(expected)") }
    }

    /// Judged by the median of the rounds' ratios (each the median of its
    /// bursts' ratios); the rates beside it are each client's median and
    /// range over the rounds, and the spread is the ratios' range.
    private static func overhead(_ name: String, _ raw: [[Double]], _ sdk: [[Double]], requests: Int) -> ResultRow {
        let ratios = Repetitions.roundRatios(raw, sdk)
        let rawRates = rates(raw, requests: requests)
        let sdkRates = rates(sdk, requests: requests)
        return .judged(
            name,
            measured: "raw \(Format.rate(rawRates)); SDK \(Format.rate(sdkRates)); "
                + "\(Format.roundRatios(ratios)), "
                + "spread \(Format.percent(ratios.max / ratios.min - 1))",
            judgedBy: "SDK ÷ raw requests/s, median of rounds", value: ratios.median,
            ratio: Format.ratio(ratios.median), target: .atLeast(0.95))
    }

    /// Requests per second of each round.
    private static func rates(_ rounds: [[Double]], requests: Int) -> Samples {
        Samples(rounds.map { Load.rate(requests, $0.reduce(0, +)) })
    }

    private static func transportSpeedup(_ figures: Figures) -> ResultRow {
        let ahc = rates(figures.sdkAsyncHTTPClient, requests: figures.requests).median
        let session = rates(figures.sdkURLSession, requests: figures.requests).median
        let ratio = ahc / session
        return .judged(
            "2. AsyncHTTPClientTransport vs URLSessionTransport, 16 in flight",
            measured: "AHC \(Format.rate(ahc)); URLSession \(Format.rate(session))",
            judgedBy: "AHC ÷ URLSession requests/s", value: ratio, ratio: "\(Format.ratio(ratio))x",
            target: .atLeast(3, suffix: "x"))
    }
}
