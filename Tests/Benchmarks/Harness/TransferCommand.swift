import ArgumentParser
import AsyncHTTPClientTransport
import Foundation
import Networking

/// `benchmarks transfer`: run by benchmark 14 in a child process, one
/// transfer per process, so its CPU time and peak resident memory
/// (`VmHWM`) are that transfer's alone. Prints the process's peak bytes.
struct TransferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer", abstract: "Runs one file transfer (used by benchmark 14).", shouldDisplay: false)

    /// What the child does.
    enum Variant: String, ExpressibleByArgument, CaseIterable {
        /// The transport warmed with one small request: the baseline of
        /// the peaks.
        case idle
        /// The file downloaded to `--file`.
        case download
        /// The same, with a progress handler.
        case downloadProgress = "download-progress"
        /// `--file` uploaded as a `PUT` body.
        case put
        /// `--file` uploaded as a multipart form's part, after a text field.
        case multipart
    }

    /// The transport.
    enum TransportName: String, ExpressibleByArgument, CaseIterable {
        case urlSession = "urlsession"
        case asyncHTTPClient = "ahc"

        func make() -> any HTTPTransport {
            switch self {
            case .urlSession: URLSessionTransport()
            case .asyncHTTPClient: AsyncHTTPClientTransport()
            }
        }
    }

    @Option var variant: Variant
    @Option var transport: TransportName
    @Option var baseURL: String
    @Option var size: Int
    /// The file to download to, or to upload from.
    @Option var file: String
    /// For uploads: how many bytes a second the server reads (`nil`: as
    /// fast as it can).
    @Option var rate: Int?

    func run() async throws {
        guard let base = URL(string: baseURL) else { throw ValidationError("bad --base-url") }
        let file = URL(fileURLWithPath: file)
        let client = NetworkClient(baseURL: base, transport: transport.make(), retryPolicy: .never)
        let blob = NetworkRequest<Data>.get("blob").query("size", String(size))
        let upload = NetworkRequest<Data>.put("upload", body: nil).query("rate", rate.map(String.init))
        switch variant {
        case .idle:
            _ = try await client.send(NetworkRequest<Data>.get("blob").query("size", "1024"))
        case .download, .downloadProgress:
            let counter = ProgressCounter()
            let options =
                variant == .downloadProgress ? DownloadOptions(progress: { counter.add($0) }) : DownloadOptions()
            let download = try await client.download(blob, to: file, options: options)
            guard download.byteCount == size else { throw BenchmarkFailure("downloaded \(download.byteCount)") }
        case .put:
            let answer = try await client.send(upload.body(try TransferBody(fileAt: file)))
            try Self.check(answer, is: size)
        case .multipart:
            var form = MultipartForm()
            form.append("benchmark", name: "title")
            try form.append(fileAt: file, name: "video")
            let answer = try await client.send(
                NetworkRequest<Data>.post("upload").query("rate", rate.map(String.init)).multipart(form))
            try Self.check(answer, is: form.length)
        }
        print(try PeakMemoryCommand.peakResidentBytes())
    }

    private static func check(_ answer: Data, is length: Int) throws {
        guard Int(String(decoding: answer, as: UTF8.self)) == length else {
            throw BenchmarkFailure("the server read \(String(decoding: answer, as: UTF8.self)) bytes of \(length)")
        }
    }

    /// Progress handling as light as an app's: keep the latest value.
    private final class ProgressCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var latest = TransferProgress(completed: 0, total: nil)

        func add(_ progress: TransferProgress) {
            lock.withLock { latest = progress }
        }
    }

    /// Runs one transfer in a child process: its wall and CPU seconds and
    /// its peak bytes.
    static func measure(
        _ variant: Variant, on transport: TransportName, baseURL: URL, size: Int, file: URL, rate: Int? = nil
    ) throws -> (run: MeasuredProcess, peak: Double) {
        var arguments = [
            "transfer", "--variant", variant.rawValue, "--transport", transport.rawValue, "--base-url",
            baseURL.absoluteString, "--size", String(size), "--file", file.path,
        ]
        if let rate { arguments += ["--rate", String(rate)] }
        let run = try MeasuredProcess.run(MeasuredProcess.benchmarks, arguments)
        guard let peak = Double(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkFailure("transfer \(variant.rawValue) printed \(run.output)")
        }
        return (run, peak)
    }
}
