import AsyncHTTPClientTransport
import Foundation
import Models
import Networking
import SandboxServer

/// Benchmarks 1 and 2: the SDK's `HTTPClient` against the raw stack it runs
/// on, for URLSession and AsyncHTTPClient, one at a time and 16 in flight,
/// each request a GET of a small JSON body from the Sandbox server decoded
/// into `Post.Body`.
///
/// All four clients are measured in the same rounds (see ``Repetitions``),
/// so each ratio compares figures taken under the same load.
struct ClientOverheadBenchmark {
    let settings: BenchmarkSettings

    /// The two transports' figures for one concurrency.
    private struct Figures {
        var rawURLSession: Samples
        var sdkURLSession: Samples
        var rawAsyncHTTPClient: Samples
        var sdkAsyncHTTPClient: Samples
    }

    func run() async throws -> [ResultRow] {
        try await BenchServer.run { server in
            let sequential = try await measure(on: server, inFlight: 1)
            let concurrent = try await measure(on: server, inFlight: 16)
            return [
                Self.overhead(
                    "1. Client overhead, URLSession, sequential", sequential.rawURLSession, sequential.sdkURLSession),
                Self.overhead(
                    "2. Client overhead, URLSession, 16 in flight", concurrent.rawURLSession, concurrent.sdkURLSession),
                Self.overhead(
                    "2. Client overhead, AsyncHTTPClient, sequential", sequential.rawAsyncHTTPClient,
                    sequential.sdkAsyncHTTPClient),
                Self.overhead(
                    "2. Client overhead, AsyncHTTPClient, 16 in flight", concurrent.rawAsyncHTTPClient,
                    concurrent.sdkAsyncHTTPClient),
                Self.transportSpeedup(concurrent),
            ]
        }
    }

    private func measure(on server: SandboxServer, inFlight: Int) async throws -> Figures {
        let total = settings.count(2_000, minimum: 32)
        let url = try BenchServer.itemURL(on: server.baseURL)
        let rawSession = RawURLSessionClient.shared
        let rawNIO = RawAsyncHTTPClient()
        let sdkSession = BenchServer.client(of: server.baseURL, transport: URLSessionTransport.shared)
        let sdkNIO = BenchServer.client(of: server.baseURL, transport: AsyncHTTPClientTransport())
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
            _ = try await Load.run(total: settings.count(200, minimum: 16), inFlight: inFlight, operation)
        }
        let samples = try await Repetitions.interleaved(
            settings.rounds, warmUp: false,
            variants: operations.map { operation in
                { Load.rate(total, try await Load.run(total: total, inFlight: inFlight, operation)) }
            })
        return Figures(
            rawURLSession: samples[0], sdkURLSession: samples[1], rawAsyncHTTPClient: samples[2],
            sdkAsyncHTTPClient: samples[3])
    }

    /// A wrong body would make the timings meaningless.
    private static func check(_ value: Post.Body, _ expected: Post.Body) throws {
        guard value == expected else { throw BenchmarkFailure("decoded \(value), expected \(expected)") }
    }

    private static func overhead(_ name: String, _ raw: Samples, _ sdk: Samples) -> ResultRow {
        let ratio = sdk.median / raw.median
        return .judged(
            name, measured: "raw \(Format.rate(raw)); SDK \(Format.rate(sdk))", judgedBy: "SDK ÷ raw requests/s",
            value: ratio, ratio: Format.ratio(ratio), target: .atLeast(0.95))
    }

    private static func transportSpeedup(_ figures: Figures) -> ResultRow {
        let ratio = figures.sdkAsyncHTTPClient.median / figures.sdkURLSession.median
        return .judged(
            "2. AsyncHTTPClientTransport vs URLSessionTransport, 16 in flight",
            measured: "AHC \(Format.rate(figures.sdkAsyncHTTPClient.median)); URLSession "
                + Format.rate(figures.sdkURLSession.median),
            judgedBy: "AHC ÷ URLSession requests/s", value: ratio, ratio: "\(Format.ratio(ratio))x",
            target: .atLeast(3, suffix: "x"))
    }
}
