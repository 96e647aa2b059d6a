import AsyncHTTPClientTransport
import FirebaseClient
import Foundation
import Networking
import SandboxServer

/// Benchmark 6: write-to-event latency on loopback. One client streams
/// `latency` with `FirebaseClient.events(at:)`; another PUTs a new value
/// there and the clock runs from the moment the PUT is sent until the
/// subscriber's sequence yields the matching event. One write at a time,
/// so each latency is a quiet-path latency, not a queue.
struct StreamingLatencyBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        try await BenchServer.run { server in
            [
                try await measure(on: server, transport: URLSessionTransport.shared, name: "URLSession"),
                try await measure(on: server, transport: AsyncHTTPClientTransport(), name: "AsyncHTTPClient"),
            ]
        }
    }

    private func measure(on server: SandboxServer, transport: any HTTPTransport, name: String) async throws
        -> ResultRow
    {
        let namespace = "latency-\(name)"
        let subscriber = FirebaseClient(databaseURL: server.baseURL, namespace: namespace, transport: transport)
        let writer = FirebaseClient(databaseURL: server.baseURL, namespace: namespace, transport: transport)
        var events = subscriber.events(at: "latency").makeAsyncIterator()
        guard case .put = try await events.next() else { throw BenchmarkFailure("no initial put") }
        let warmUp = settings.count(20, minimum: 5)
        let count = settings.count(500, minimum: 50)
        var latencies: [Double] = []
        for value in 0..<(warmUp + count) {
            let start = ContinuousClock.now
            let write = Task { _ = try await writer.put(value, at: "latency/value") }
            while true {
                guard let event = try await events.next() else { throw BenchmarkFailure("the stream ended") }
                if case .put(let change) = event, change.path == "/value", (try? change.data.decode(Int.self)) == value
                {
                    break
                }
            }
            let latency = (ContinuousClock.now - start).seconds
            try await write.value
            if value >= warmUp {
                latencies.append(latency)
            }
        }
        let samples = Samples(latencies)
        let p99 = samples.percentile(0.99)
        return .judged(
            "6. Streaming write-to-event latency, \(name) (\(Format.grouped(count)) writes)",
            measured: "p50 \(Format.duration(samples.percentile(0.5))); p99 \(Format.duration(p99)); "
                + "max \(Format.duration(samples.max))",
            judgedBy: "p99", value: p99, ratio: Format.duration(p99), target: .below(0.010, text: "10 ms"))
    }
}
