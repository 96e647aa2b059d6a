import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// Benchmark 9: 100 event-stream readers that read a few bytes a second,
/// reconnecting when the server drops them (as an `EventSource` does),
/// while a writer sends 16 KB events for 30 s. The server runs in a child
/// process (`benchmarks serve`); its resident memory is read from
/// `/proc/PID/status` before, at its peak, and 3 s after the readers leave.
///
/// The server holds at most 64 MiB for all streams' slow readers, dropping
/// the slowest first; once none is left, freed memory goes back to the
/// system. The target: memory after within 50 MB of memory before.
struct SlowReadersBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        let server = try ChildServer.start()
        defer { server.stop() }
        let base = try server.baseURL
        var writer = NetworkClient(baseURL: base, retryPolicy: .never)
        writer.query = [QueryItem(name: "ns", value: "slow"), QueryItem(name: "print", value: "silent")]
        let event = String(repeating: "x", count: 16 << 10)
        // Fill the request log (10,000 entries, bodies within 8 MiB) with the
        // same writes the test makes, so the baseline holds the log at its
        // steady size and the difference is the streams' alone.
        for index in 0..<settings.count(10_000, minimum: 1_000) {
            try await writer.send(NetworkRequest<Void>.put("warm/\(index % 5)", body: event).pathExtension("json"))
        }
        try await Task.sleep(for: .seconds(1))
        let before = try server.residentBytes()

        let seconds = max(3, Int((30 * settings.scale).rounded()))
        let readers = SlowReaders(port: server.port, path: "/slow.json?ns=slow", count: 100)
        readers.start()
        let deadline = ContinuousClock.now + .seconds(seconds)
        var writes = 0
        var peak = before
        while ContinuousClock.now < deadline {
            try await writer.send(NetworkRequest<Void>.put("slow/\(writes % 10)", body: event).pathExtension("json"))
            writes += 1
            if writes % 20 == 0 {
                peak = max(peak, try server.residentBytes())
            }
        }
        let taken = readers.stop()
        try await Task.sleep(for: .seconds(3))
        let after = try server.residentBytes()
        peak = max(peak, try server.peakResidentBytes())
        let grownMegabytes = Double(after - before) / 1024 / 1024
        return [
            .judged(
                "9. 100 slow stream readers for \(seconds) s, server memory",
                measured:
                    "before \(Format.bytes(Double(before))), peak \(Format.bytes(Double(peak))), "
                    + "after \(Format.bytes(Double(after))); \(Format.grouped(writes)) events of 16 KB, of which "
                    + "the readers took \(Format.bytes(Double(taken)))",
                judgedBy: "after − before, MB", value: grownMegabytes, ratio: Format.decimal(grownMegabytes, digits: 1),
                target: .atMost(50, suffix: " MB"))
        ]
    }
}

/// Readers on threads of their own (blocking sockets): each subscribes with
/// a small receive buffer, reads 256 bytes every 100 ms, and subscribes
/// again when the server ends its stream. (At that pace a dropped reader
/// is still reading what the socket buffers held when the run ends.)
private final class SlowReaders: @unchecked Sendable {
    private let port: Int
    private let path: String
    private let count: Int
    private let lock = NSLock()
    private var running = true
    private var taken = 0
    private var threads: [Thread] = []
    private let finished = DispatchGroup()

    init(port: Int, path: String, count: Int) {
        self.port = port
        self.path = path
        self.count = count
    }

    func start() {
        for _ in 0..<count {
            finished.enter()
            let thread = Thread { [self] in
                defer { finished.leave() }
                while isRunning {
                    readOnce()
                }
            }
            thread.stackSize = 256 << 10
            threads.append(thread)
            thread.start()
        }
    }

    /// Stops the readers and returns how many bytes they took in all.
    func stop() -> Int {
        lock.withLock { running = false }
        finished.wait()
        return lock.withLock { taken }
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func readOnce() {
        guard let descriptor = EventStreamSocket.open(port: port, path: path) else {
            usleep(100_000)
            return
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        while isRunning {
            let received = recv(descriptor, &buffer, buffer.count, 0)
            if received == 0 || (received < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { return }
            if received > 0 { lock.withLock { taken += received } }
            usleep(100_000)
        }
    }
}
