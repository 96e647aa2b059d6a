import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// Benchmark 13: 200 event-stream readers that subscribe and never read a
/// byte, against the same writes with no reader at all. Each run has a
/// server of its own in a child process (`benchmarks serve`), warmed with
/// the same writes so its request log is at its steady size; then a writer
/// sends 16 KB events one after another, timing each, while the server's
/// resident memory is sampled.
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
        let quiet = try await measure(readers: 0)
        let stuck = try await measure(readers: readers)
        let budget = 64.0
        let grown = Double(stuck.peak - quiet.peak) / 1024 / 1024
        let kept = Double(stuck.after - quiet.after) / 1024 / 1024
        let slower = stuck.writes.median / quiet.writes.median
        return [
            .judged(
                "13. \(readers) stuck stream readers, server peak memory",
                measured: "peak \(Format.bytes(Double(stuck.peak))) against \(Format.bytes(Double(quiet.peak))) without",
                judgedBy: "difference, MiB", value: grown, ratio: Format.decimal(grown, digits: 1),
                target: .atMost(budget, suffix: " MiB")),
            .judged(
                "13. after they leave, server memory",
                measured: "\(Format.bytes(Double(stuck.after))) against \(Format.bytes(Double(quiet.after))) without",
                judgedBy: "difference, MiB", value: kept, ratio: Format.decimal(kept, digits: 1),
                target: .atMost(16, suffix: " MiB")),
            .judged(
                "13. a write while they are stuck",
                measured:
                    "median \(Format.duration(stuck.writes.median)) against \(Format.duration(quiet.writes.median)) "
                    + "without (\(Format.grouped(stuck.writes.sorted.count)) writes each)",
                judgedBy: "with ÷ without", value: slower, ratio: Format.ratio(slower), target: .atMost(2)),
        ]
    }

    private func measure(readers count: Int) async throws -> Run {
        let server = try ChildServer.start()
        defer { server.stop() }
        var writer = HTTPClient(baseURL: try server.baseURL, retryPolicy: .never)
        writer.query = [QueryItem(name: "ns", value: "stuck"), QueryItem(name: "print", value: "silent")]
        let event = String(repeating: "x", count: 16 << 10)
        for index in 0..<settings.count(10_000, minimum: 1_000) {
            try await writer.send(Request<Void>.put("warm/\(index % 5)", body: event).pathExtension("json"))
        }
        let readers = try StuckReaders(port: server.port, path: "/stuck.json?ns=stuck", count: count)
        var peak = try server.residentBytes()
        var durations: [Double] = []
        for index in 0..<settings.count(2_000, minimum: 200) {
            durations.append(
                try await Stopwatch.seconds {
                    try await writer.send(Request<Void>.put("stuck/\(index % 10)", body: event).pathExtension("json"))
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

/// Connections that ask for an event stream and never read: each has a
/// small receive buffer, so the server's side of it is soon full.
private struct StuckReaders {
    private let descriptors: [Int32]

    init(port: Int, path: String, count: Int) throws {
        var descriptors: [Int32] = []
        for _ in 0..<count {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw BenchmarkFailure("socket() failed") }
            descriptors.append(descriptor)
            var size: Int32 = 4096
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw BenchmarkFailure("connect() failed") }
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
            _ = request.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }
        self.descriptors = descriptors
    }

    func disconnect() {
        for descriptor in descriptors {
            close(descriptor)
        }
    }
}
