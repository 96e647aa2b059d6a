import Foundation
import Networking

/// Benchmark 15: one write fanned out to 100 listeners of the Realtime
/// Database's protocol (WebSockets at `/.ws`), beside the same fan-out to
/// 100 server-sent-event streams; and what an idle protocol connection
/// costs the server. The server is a child process (`benchmarks serve`),
/// so its resident memory is its own; the listeners are plain sockets read
/// together, the clock running from the write until the last of them has
/// the value.
///
/// Judged, as issue 67 states it: the protocol's p99 within 2× of the
/// event streams'.
struct FanOutBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        let server = try ChildServer.start()
        defer { server.stop() }
        let listeners = 100
        let rounds = settings.count(200, minimum: 20)
        let events = try await fanOut(
            on: server, rounds: rounds,
            opening: Array(
                "GET /fan/sse.json?ns=fan HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8),
            count: listeners, path: "sse")
        let listen = #"{"t":"d","d":{"r":1,"a":"q","b":{"p":"/fan/ws","h":""}}}"#
        let sockets = try await fanOut(
            on: server, rounds: rounds,
            opening: LoopbackListeners.webSocketOpening(path: "/.ws?v=5&ns=fan", frames: [listen]),
            count: listeners, path: "ws")
        let idle = try idleConnectionBytes(on: server, count: settings.count(500, minimum: 100))
        let ratio = sockets.percentile(0.99) / events.percentile(0.99)
        return [
            .judged(
                "15. One write to \(listeners) protocol listeners (WebSocket), last one told",
                measured:
                    "p50 \(Format.duration(sockets.median)); p99 \(Format.duration(sockets.percentile(0.99))); "
                    + "event streams p50 \(Format.duration(events.median)), "
                    + "p99 \(Format.duration(events.percentile(0.99))) (\(Format.grouped(rounds)) writes)",
                judgedBy: "p99 ÷ event streams' p99", value: ratio, ratio: Format.ratio(ratio), target: .atMost(2)),
            .info(
                "15. An idle protocol connection, server memory",
                measured: "\(Format.bytes(idle)) each, over \(Format.grouped(settings.count(500, minimum: 100)))",
                judgedBy: "bytes", ratio: Format.bytes(idle)),
        ]
    }

    /// The time from each write at `/fan/<path>` until every listener has
    /// its value.
    private func fanOut(on server: ChildServer, rounds: Int, opening: [UInt8], count: Int, path: String)
        async throws -> Samples
    {
        var writer = NetworkClient(baseURL: try server.baseURL, retryPolicy: .never)
        writer.query = [QueryItem(name: "ns", value: "fan"), QueryItem(name: "print", value: "silent")]
        try await writer.send(NetworkRequest<Void>.put("fan/\(path)", body: "start").pathExtension("json"))
        let listeners = try LoopbackListeners(port: server.port, count: count, opening: opening)
        guard listeners.waitForAll("start") else { throw BenchmarkFailure("a \(path) listener never started") }
        var latencies: [Double] = []
        for round in 0..<rounds {
            let value = "round-\(round)-\(path)"
            let start = ContinuousClock.now
            try await writer.send(NetworkRequest<Void>.put("fan/\(path)", body: value).pathExtension("json"))
            guard listeners.waitForAll(value) else { throw BenchmarkFailure("a \(path) listener missed \(value)") }
            latencies.append((ContinuousClock.now - start).seconds)
        }
        return Samples(latencies)
    }

    /// The server's resident memory per protocol connection that has done
    /// its handshake and listens, doing nothing more.
    private func idleConnectionBytes(on server: ChildServer, count: Int) throws -> Double {
        let before = try server.residentBytes()
        let listen = #"{"t":"d","d":{"r":1,"a":"q","b":{"p":"/idle","h":""}}}"#
        let connections = try LoopbackListeners(
            port: server.port, count: count,
            opening: LoopbackListeners.webSocketOpening(path: "/.ws?v=5&ns=fan", frames: [listen]))
        guard connections.waitForAll(#""r":1"#) else { throw BenchmarkFailure("an idle connection never listened") }
        let after = try server.residentBytes()
        return Double(after - before) / Double(count)
    }
}
