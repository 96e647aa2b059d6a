import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Benchmark 14: files, as issue 38 states them. A local server streams
/// and swallows bodies without holding them; every transfer runs in a
/// process of its own, so its peak resident memory is its own.
///
/// Judged:
/// - a 1 GiB download to a file and a 1 GiB multipart upload from a file,
///   on each transport: peak memory less than 64 MB above an idle process
///   on the same transport;
/// - download throughput at least 0.9 of URLSession's own download task
///   and of AsyncHTTPClient's `FileDownloadDelegate`;
/// - progress reporting costing at most 2 % of a download's time.
struct FileTransferBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        let size = settings.scale < 1 ? 64 << 20 : 1 << 30
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-transfer-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source.bin")
        try Self.writeFile(source, size: size)
        let server = try await TransferServer.start()
        defer { Task { await server.stop() } }
        let baseURL = server.baseURL
        let target = folder.appendingPathComponent("downloaded.bin")

        typealias Variant = TransferCommand.Variant
        var seconds: [Variant: [Double]] = [:]
        var peaks: [Variant: [Double]] = [:]
        // A transfer that fails is a miss in the table, not the end of the run.
        var failures: [Variant: String] = [:]
        // Interleaved rounds, each in another order, so a slow moment of the
        // machine hurts every variant alike; dirty pages of the last
        // download are written out first, so no transfer pays for another's.
        for round in 0..<settings.rounds {
            let variants = Variant.allCases
            let offset = round % variants.count
            for variant in variants[offset...] + variants[..<offset] {
                let file = variant.rawValue.hasPrefix("upload") ? source : target
                #if canImport(Glibc)
                    sync()
                #endif
                do {
                    let run = try await OwnThread.run {
                        try TransferCommand.measure(variant, baseURL: baseURL, size: size, file: file)
                    }
                    seconds[variant, default: []].append(run.seconds)
                    peaks[variant, default: []].append(run.peak)
                } catch {
                    failures[variant] = String(describing: error).split(separator: "\n").first.map(String.init)
                }
                if file == target { try? FileManager.default.removeItem(at: target) }
            }
        }
        let time = { (variant: Variant) in Samples(seconds[variant] ?? []) }
        let failed = { (variant: Variant) in failures[variant].map { "FAILED (\($0.prefix(120))); " } ?? "" }
        let peak = { (variant: Variant) in Samples(peaks[variant] ?? []).max }
        let gib = Format.bytes(Double(size))
        var rows: [ResultRow] = []
        for (name, variant, idle) in [
            ("download, URLSession", Variant.downloadURLSession, Variant.idleURLSession),
            ("download, AsyncHTTPClient", .downloadAsyncHTTPClient, .idleAsyncHTTPClient),
            ("multipart upload, URLSession", .uploadURLSession, .idleURLSession),
            ("multipart upload, AsyncHTTPClient", .uploadAsyncHTTPClient, .idleAsyncHTTPClient),
        ] {
            let grown = (peak(variant) - peak(idle)) / 1_000_000
            rows.append(
                .judged(
                    "14. \(gib) \(name), peak memory",
                    measured:
                        failed(variant)
                        + "peak \(Format.bytes(peak(variant))) against \(Format.bytes(peak(idle))) idle; "
                        + "\(Format.duration(time(variant))), \(Format.decimal(Double(size) / time(variant).median / 1e6, digits: 0)) MB/s",
                    judgedBy: "above idle, MB", value: grown, ratio: Format.decimal(grown, digits: 1),
                    target: .below(64, text: "64 MB")))
        }
        for (name, variant, baseline) in [
            ("URLSession vs its download task", Variant.downloadURLSession, Variant.rawURLSession),
            ("AsyncHTTPClient vs FileDownloadDelegate", .downloadAsyncHTTPClient, .rawAsyncHTTPClient),
        ] {
            let speed = time(baseline).median / time(variant).median
            rows.append(
                .judged(
                    "14. download throughput, \(name)",
                    measured:
                        failed(variant)
                        + "\(Format.duration(time(variant))) against \(Format.duration(time(baseline)))",
                    judgedBy: "SDK ÷ raw speed", value: speed, ratio: Format.ratio(speed), target: .atLeast(0.9)))
        }
        // Progress costs little against a download's noise, so it is
        // judged on pairs run back to back, in turns first and second: the
        // median of each pair's ratio cancels the machine's slow moments.
        var ratios: [Double] = []
        let pairSize = size / 4
        for pair in 0..<max(6, settings.rounds * 4) {
            var pairTimes: [Variant: Double] = [:]
            let order: [Variant] =
                pair.isMultiple(of: 2)
                ? [.downloadURLSession, .downloadURLSessionProgress]
                : [.downloadURLSessionProgress, .downloadURLSession]
            for variant in order {
                #if canImport(Glibc)
                    sync()
                #endif
                pairTimes[variant] = try? await OwnThread.run {
                    try TransferCommand.measure(variant, baseURL: baseURL, size: pairSize, file: target).seconds
                }
                try? FileManager.default.removeItem(at: target)
            }
            if let with = pairTimes[.downloadURLSessionProgress], let without = pairTimes[.downloadURLSession] {
                ratios.append(with / without - 1)
            }
        }
        let cost = Samples(ratios)
        rows.append(
            .judged(
                "14. progress reporting on a download",
                measured:
                    "\(ratios.count) pairs of \(Format.bytes(Double(pairSize))) downloads with and without, "
                    + "back to back: extra time \(Format.percent(cost.min)) to \(Format.percent(cost.max))",
                judgedBy: "median extra time", value: cost.median, ratio: Format.percent(cost.median),
                target: Target(text: "≤ 2 %") { $0 <= 0.02 }))
        return rows
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
