import ArgumentParser
import AsyncHTTPClient
import AsyncHTTPClientTransport
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `benchmarks transfer`: run by benchmark 14 in a child process, one
/// transfer per process, so its peak resident memory (`VmHWM`) is that
/// transfer's alone. Prints the transfer's seconds and the process's peak
/// bytes.
struct TransferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer", abstract: "Runs one file transfer (used by benchmark 14).", shouldDisplay: false)

    /// What the child does.
    enum Variant: String, ExpressibleByArgument, CaseIterable {
        case idleURLSession = "idle-urlsession"
        case idleAsyncHTTPClient = "idle-ahc"
        case downloadURLSession = "download-urlsession"
        case downloadURLSessionProgress = "download-urlsession-progress"
        case downloadAsyncHTTPClient = "download-ahc"
        case rawURLSession = "raw-urlsession-download"
        case rawAsyncHTTPClient = "raw-ahc-filedownload"
        case uploadURLSession = "upload-urlsession"
        case uploadAsyncHTTPClient = "upload-ahc"
    }

    @Option var variant: Variant
    @Option var baseURL: String
    @Option var size: Int
    /// The file to download to, or to upload from.
    @Option var file: String

    func run() async throws {
        guard let base = URL(string: baseURL) else { throw ValidationError("bad --base-url") }
        let file = URL(fileURLWithPath: file)
        let blob = Request<Data>.get("blob").query("size", String(size))
        let started = ContinuousClock.now
        switch variant {
        case .idleURLSession, .idleAsyncHTTPClient:
            // The same transport, warmed with one small request.
            let transport: any HTTPTransport =
                variant == .idleURLSession ? URLSessionTransport() : AsyncHTTPClientTransport()
            _ = try await HTTPClient(baseURL: base, transport: transport).send(
                Request<Data>.get("blob").query("size", "1024"))
        case .downloadURLSession, .downloadURLSessionProgress, .downloadAsyncHTTPClient:
            let transport: any HTTPTransport =
                variant == .downloadAsyncHTTPClient ? AsyncHTTPClientTransport() : URLSessionTransport()
            let counter = ProgressCounter()
            let options =
                variant == .downloadURLSessionProgress
                ? DownloadOptions(progress: { counter.add($0) }) : DownloadOptions()
            let download = try await HTTPClient(baseURL: base, transport: transport).download(
                blob, to: file, options: options)
            guard download.byteCount == size else { throw BenchmarkFailure("downloaded \(download.byteCount)") }
        case .rawURLSession:
            try await Self.rawURLSessionDownload(base, size: size, to: file)
        case .rawAsyncHTTPClient:
            let url = base.appendingPathComponent("blob").absoluteString + "?size=\(size)"
            let delegate = try FileDownloadDelegate(path: file.path)
            let progress = try await AsyncHTTPClient.HTTPClient.shared.execute(
                request: try AsyncHTTPClient.HTTPClient.Request(url: url), delegate: delegate
            ).get()
            guard progress.receivedBytes == size else { throw BenchmarkFailure("downloaded \(progress.receivedBytes)") }
        case .uploadURLSession, .uploadAsyncHTTPClient:
            let transport: any HTTPTransport =
                variant == .uploadAsyncHTTPClient ? AsyncHTTPClientTransport() : URLSessionTransport()
            var form = MultipartForm()
            form.append("benchmark", name: "title")
            try form.append(fileAt: file, name: "video")
            let answer = try await HTTPClient(baseURL: base, transport: transport).send(
                Request<Data>.post("upload").multipart(form))
            guard Int(String(decoding: answer, as: UTF8.self)) == form.length else {
                throw BenchmarkFailure("the server read \(String(decoding: answer, as: UTF8.self)) bytes")
            }
        }
        let seconds = (ContinuousClock.now - started).seconds
        print(seconds, try PeakMemoryCommand.peakResidentBytes())
    }

    /// What an app writes with URLSession alone: a download task whose
    /// file is moved into place.
    private static func rawURLSessionDownload(_ base: URL, size: Int, to file: URL) async throws {
        let session = URLSession(configuration: .ephemeral)
        let url = base.appendingPathComponent("blob").absoluteString + "?size=\(size)"
        guard let request = URL(string: url).map({ URLRequest(url: $0) }) else { throw BenchmarkFailure("bad URL") }
        let location: URL = try await withCheckedThrowingContinuation { continuation in
            session.downloadTask(with: request) { location, _, error in
                guard let location else {
                    continuation.resume(throwing: error ?? BenchmarkFailure("no file"))
                    return
                }
                // The file is removed when this handler returns: move it now.
                let kept = file.deletingLastPathComponent().appendingPathComponent(UUID().uuidString)
                do {
                    try FileManager.default.moveItem(at: location, to: kept)
                    continuation.resume(returning: kept)
                } catch {
                    continuation.resume(throwing: error)
                }
            }.resume()
        }
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: location, to: file)
        let length = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
        guard length == size else { throw BenchmarkFailure("downloaded \(length ?? -1)") }
    }

    /// Progress handling as light as an app's: keep the latest value.
    private final class ProgressCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var latest = TransferProgress(completed: 0, total: nil)

        func add(_ progress: TransferProgress) {
            lock.withLock { latest = progress }
        }
    }

    /// Runs one variant in a child process and returns its seconds and
    /// peak bytes.
    static func measure(_ variant: Variant, baseURL: URL, size: Int, file: URL) throws -> (
        seconds: Double, peak: Double
    ) {
        let process = Process()
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "transfer", "--variant", variant.rawValue, "--base-url", baseURL.absoluteString, "--size", String(size),
            "--file", file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard process.terminationStatus == 0, numbers.count == 2 else {
            throw BenchmarkFailure("transfer \(variant.rawValue) failed: \(text)")
        }
        return (numbers[0], numbers[1])
    }
}
