import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// Benchmark 14: files, as issue 57 states them, beside `curl` in the same
/// run. A local server streams and swallows bodies without holding them
/// (and, for the memory checks, reads uploads at a slower network's pace);
/// every transfer runs in a process of its own, so its CPU time and peak
/// resident memory are its own. Everything runs twice: on a quiet machine
/// and with `stress-ng --cpu 2` keeping both cores busy.
///
/// Judged, in each pass:
/// - a 1 GiB download, a 1 GiB `PUT` from a file and a 1 GiB multipart
///   part (with the server reading at full speed, and reading at
///   ``slowRate``), on each transport: peak memory less than 64 MB above an
///   idle process on the same transport;
/// - CPU time (user and system) per GiB downloaded and uploaded within 1.5×
///   of `curl`'s, on the better transport (the other's ratio is shown);
/// - busy only: download throughput at least 0.8 of `curl` writing to a
///   file, upload throughput at least 0.8 of `curl -T`;
/// - progress reporting costing at most 2 % of a download's CPU time
///   (measured in this process: see ``progressCost(_:)``).
struct FileTransferBenchmark {
    let settings: BenchmarkSettings

    /// How fast the slow server reads an upload: 256 MB a second, a fast
    /// network but slower than the disk and the loopback.
    static let slowRate = 256_000_000

    /// What one measurement runs.
    private enum Subject: Hashable {
        case sdk(TransferCommand.Variant, TransferCommand.TransportName, slow: Bool = false)
        case curlDownload
        case curlDownloadToNull
        case curlPut
    }

    private typealias Variant = TransferCommand.Variant
    private typealias Transport = TransferCommand.TransportName

    func run() async throws -> [ResultRow] {
        let size = settings.scale < 1 ? 64 << 20 : 1 << 30
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-transfer-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source.bin")
        try Self.writeFile(source, size: size)
        let server = try await TransferServer.start()
        defer { Task { await server.stop() } }
        let context = Context(
            baseURL: server.baseURL, size: size, source: source, target: folder.appendingPathComponent("download.bin"),
            curl: MeasuredProcess.find("curl"))
        var rows: [ResultRow] = []
        rows += try await pass("quiet", context)
        if let stress = CPUStress() {
            rows += try await pass("busy", context)
            stress.stop()
        } else {
            rows.append(
                .info("14. busy pass", measured: "not run: stress-ng is not installed (apt-get install stress-ng)"))
        }
        rows.append(try await progressCost(context))
        return rows
    }

    /// What every measurement needs.
    private struct Context {
        let baseURL: URL
        let size: Int
        let source: URL
        let target: URL
        let curl: String?
    }

    /// The measured runs of one pass, by subject.
    private struct Runs {
        var cpu: [Subject: [Double]] = [:]
        var wall: [Subject: [Double]] = [:]
        var peak: [Subject: [Double]] = [:]
        var failures: [Subject: String] = [:]

        func median(_ values: [Subject: [Double]], _ subject: Subject) -> Double {
            Samples(values[subject] ?? []).median
        }

        func highest(_ subject: Subject) -> Double {
            Samples(peak[subject] ?? []).max
        }

        func failed(_ subject: Subject) -> String {
            failures[subject].map { "FAILED (\($0.prefix(120))); " } ?? ""
        }
    }

    /// Every subject in interleaved rounds, each in another order, so a
    /// slow moment of the machine hurts every subject alike; the uploads to
    /// the slow server once, since they only show memory.
    private func pass(_ name: String, _ context: Context) async throws -> [ResultRow] {
        var subjects: [Subject] = Transport.allCases.flatMap { transport in
            [Variant.idle, .download, .put, .multipart].map { Subject.sdk($0, transport) }
        }
        if context.curl != nil { subjects += [.curlDownload, .curlDownloadToNull, .curlPut] }
        var runs = Runs()
        let rounds = min(settings.rounds, 5)
        for round in 0..<rounds {
            let offset = round % subjects.count
            for subject in subjects[offset...] + subjects[..<offset] {
                try await measure(subject, context, into: &runs)
            }
        }
        for transport in Transport.allCases {
            for variant in [Variant.put, .multipart] {
                try await measure(.sdk(variant, transport, slow: true), context, into: &runs)
            }
        }
        return rows(name, runs, context)
    }

    private func measure(_ subject: Subject, _ context: Context, into runs: inout Runs) async throws {
        #if canImport(Glibc)
            // Dirty pages of the last download are written out first, so no
            // transfer pays for another's.
            sync()
        #endif
        do {
            let (run, peak) = try await OwnThread.run { try Self.run(subject, context) }
            runs.cpu[subject, default: []].append(run.cpu)
            runs.wall[subject, default: []].append(run.wall)
            if let peak { runs.peak[subject, default: []].append(peak) }
        } catch {
            runs.failures[subject] = String(describing: error).split(separator: "\n").first.map(String.init)
        }
        try? FileManager.default.removeItem(at: context.target)
    }

    private static func run(_ subject: Subject, _ context: Context) throws -> (MeasuredProcess, Double?) {
        let blob = context.baseURL.appendingPathComponent("blob").absoluteString + "?size=\(context.size)"
        let upload = context.baseURL.appendingPathComponent("upload").absoluteString
        switch subject {
        case .sdk(let variant, let transport, let slow):
            let file = variant == .put || variant == .multipart ? context.source : context.target
            let (run, peak) = try TransferCommand.measure(
                variant, on: transport, baseURL: context.baseURL, size: context.size, file: file,
                rate: slow ? slowRate : nil)
            return (run, peak)
        case .curlDownload, .curlDownloadToNull, .curlPut:
            guard let curl = context.curl else { throw BenchmarkFailure("no curl") }
            let arguments: [String]
            switch subject {
            case .curlDownload: arguments = ["-sSf", "-o", context.target.path, blob]
            case .curlDownloadToNull: arguments = ["-sSf", "-o", "/dev/null", blob]
            default:
                // No `Expect: 100-continue`, which would wait a second for
                // an answer before sending: the SDK sends at once too.
                arguments = ["-sSf", "-o", "/dev/null", "-H", "Expect:", "-T", context.source.path, upload]
            }
            return (try MeasuredProcess.run(curl, arguments), nil)
        }
    }

    private func rows(_ pass: String, _ runs: Runs, _ context: Context) -> [ResultRow] {
        let gib = Double(context.size) / Double(1 << 30)
        let label = pass == "busy" ? "busy, stress-ng --cpu 2" : pass
        var rows: [ResultRow] = []
        // Memory: the highest peak against the highest idle peak.
        for transport in Transport.allCases {
            let idle = runs.highest(.sdk(.idle, transport))
            for (name, subject) in [
                ("download", Subject.sdk(.download, transport)),
                ("PUT from a file", .sdk(.put, transport)),
                ("multipart part", .sdk(.multipart, transport)),
                ("PUT to a slow reader", .sdk(.put, transport, slow: true)),
                ("multipart to a slow reader", .sdk(.multipart, transport, slow: true)),
            ] {
                let grown = (runs.highest(subject) - idle) / 1_000_000
                rows.append(
                    .judged(
                        "14. \(Format.bytes(Double(context.size))) \(name), \(transport.title), peak memory (\(label))",
                        measured: runs.failed(subject)
                            + "peak \(Format.bytes(runs.highest(subject))) against \(Format.bytes(idle)) idle",
                        judgedBy: "above idle, MB", value: grown, ratio: Format.decimal(grown, digits: 1),
                        target: .below(64, text: "64 MB")))
            }
        }
        guard context.curl != nil else {
            rows.append(.info("14. against curl (\(label))", measured: "not run: curl is not installed"))
            return rows
        }
        // CPU per GiB against curl's, judged on the better transport.
        for (name, variant, baseline, baselineName) in [
            ("downloaded", Variant.download, Subject.curlDownload, "curl -o file"),
            ("uploaded (PUT)", .put, .curlPut, "curl -T"),
        ] {
            let curlCPU = runs.median(runs.cpu, baseline) / gib
            let ratios = Transport.allCases.map { (runs.median(runs.cpu, .sdk(variant, $0)) / gib / curlCPU, $0) }
            let best = ratios.min { $0.0 < $1.0 } ?? (.nan, .urlSession)
            let described = ratios.map {
                "\($0.1.title) \(Format.decimal(runs.median(runs.cpu, .sdk(variant, $0.1)) / gib, digits: 2)) s (\(Format.ratio($0.0))×)"
            }
            rows.append(
                .judged(
                    "14. CPU time per GiB \(name) (\(label))",
                    measured: runs.failed(.sdk(variant, .urlSession)) + runs.failed(.sdk(variant, .asyncHTTPClient))
                        + described.joined(separator: "; ")
                        + "; \(baselineName) \(Format.decimal(curlCPU, digits: 2)) s",
                    judgedBy: "\(best.1.title) ÷ \(baselineName)", value: best.0, ratio: Format.ratio(best.0),
                    target: .atMost(1.5)))
        }
        rows.append(
            .info(
                "14. CPU time per GiB, curl -o /dev/null (\(label))",
                measured: "\(Format.decimal(runs.median(runs.cpu, .curlDownloadToNull) / gib, digits: 2)) s, "
                    + "\(Format.duration(runs.median(runs.wall, .curlDownloadToNull))) a GiB"))
        // Throughput against curl's, judged when the machine is busy.
        for (name, variant, baseline, baselineName) in [
            ("download", Variant.download, Subject.curlDownload, "curl -o file"),
            ("upload (PUT)", .put, .curlPut, "curl -T"),
        ] {
            let curlWall = runs.median(runs.wall, baseline)
            let speeds = Transport.allCases.map { (curlWall / runs.median(runs.wall, .sdk(variant, $0)), $0) }
            let best = speeds.max { $0.0 < $1.0 } ?? (.nan, .urlSession)
            let measured =
                speeds.map {
                    "\($0.1.title) \(Format.duration(runs.median(runs.wall, .sdk(variant, $0.1)))) (\(Format.ratio($0.0)))"
                }.joined(separator: "; ") + "; \(baselineName) \(Format.duration(curlWall))"
            let title = "14. \(name) throughput against \(baselineName) (\(label))"
            let judgedBy = "\(best.1.title) speed ÷ \(baselineName)'s"
            rows.append(
                pass == "busy"
                    ? .judged(
                        title, measured: measured, judgedBy: judgedBy, value: best.0, ratio: Format.ratio(best.0),
                        target: .atLeast(0.8))
                    : .info(title, measured: measured, judgedBy: judgedBy, ratio: Format.ratio(best.0)))
        }
        return rows
    }

    /// Progress costs a lock and an addition per chunk: too little to see
    /// against a download's own noise (a loopback download's CPU time moves
    /// by ±20 % from run to run, in the kernel). So it is measured where
    /// nothing else moves: the same `download(_:to:options:)`, in this
    /// process, from a transport that hands over 64 KiB chunks from memory
    /// with no socket, to a file in memory (`/dev/shm`), in pairs with and
    /// without a progress handler, back to back, in turns first and second.
    /// With the network's cost left out, the share is an upper bound of
    /// what progress adds to a real download.
    private func progressCost(_ context: Context) async throws -> ResultRow {
        let size = context.size / 4
        let folder =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let destination = folder.appendingPathComponent("bench-progress-\(UUID()).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        guard let base = URL(string: "http://memory.invalid") else { throw BenchmarkFailure("bad URL") }
        let client = NetworkClient(baseURL: base, transport: MemoryTransport(size: size))
        let latest = LatestProgress()
        var ratios: [Double] = []
        for pair in 0..<max(20, settings.rounds * 4) {
            var cpu: [Bool: Double] = [:]
            for withProgress in pair.isMultiple(of: 2) ? [false, true] : [true, false] {
                let options = withProgress ? DownloadOptions(progress: { latest.keep($0) }) : DownloadOptions()
                let elapsed = try await Stopwatch.wallAndCPUSeconds {
                    _ = try await client.download(NetworkRequest<Data>.get("blob"), to: destination, options: options)
                }
                cpu[withProgress] = elapsed.cpu
            }
            if let with = cpu[true], let without = cpu[false] {
                ratios.append(with / without - 1)
            }
        }
        let cost = Samples(ratios)
        return .judged(
            "14. progress reporting on a download",
            measured: "\(ratios.count) pairs of \(Format.bytes(Double(size))) downloads in 64 KiB chunks with and "
                + "without, from memory: extra CPU time \(Format.percent(cost.min)) to \(Format.percent(cost.max))",
            judgedBy: "median extra CPU time", value: cost.median, ratio: Format.percent(cost.median),
            target: Target(text: "≤ 2 %") { $0 <= 0.02 })
    }

    /// A file of `size` patterned bytes, written a mebibyte at a time.
    private static func writeFile(_ url: URL, size: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkFailure("could not create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        var left = size
        while left > 0 {
            let count = min(left, block.count)
            try handle.write(contentsOf: block.prefix(count))
            left -= count
        }
    }
}

/// A transport with no socket: every request is answered with `size`
/// patterned bytes in 64 KiB chunks, as a connection hands them over.
private struct MemoryTransport: StreamingHTTPTransport {
    let size: Int

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await stream(request).collect(upTo: size)
    }

    func stream(_ request: TransportRequest) async throws -> TransportStreamingResponse {
        let chunk = Data((0..<(64 << 10)).map { UInt8(truncatingIfNeeded: $0) })
        let chunks = AsyncStream<Data> { continuation in
            var left = size
            while left > 0 {
                continuation.yield(chunk.prefix(left))
                left -= chunk.count
            }
            continuation.finish()
        }
        return TransportStreamingResponse(
            status: 200, headers: ["Content-Length": String(size)], body: TransferBody(chunks, length: size))
    }
}

/// Progress handling as light as an app's: keep the latest value.
private final class LatestProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var latest = TransferProgress(completed: 0, total: nil)

    func keep(_ progress: TransferProgress) {
        lock.withLock { latest = progress }
    }
}

extension TransferCommand.TransportName {
    /// How the table names it.
    var title: String {
        switch self {
        case .urlSession: "URLSession"
        case .asyncHTTPClient: "AsyncHTTPClient"
        }
    }
}
