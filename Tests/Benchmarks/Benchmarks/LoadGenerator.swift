import AsyncHTTPClient
import Foundation

/// What drives benchmark 8's servers: `wrk` when it is installed (a C load
/// generator, so the client costs as little CPU as possible), otherwise
/// AsyncHTTPClient from this process. Both servers are always measured
/// with the same one.
enum LoadGenerator: Sendable {
    case wrk(path: String)
    case asyncHTTPClient

    /// `wrk` from `PATH`, else AsyncHTTPClient.
    static func best() -> LoadGenerator {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for directory in paths {
            let candidate = "\(directory)/wrk"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return .wrk(path: candidate)
            }
        }
        return .asyncHTTPClient
    }

    /// How the table names it.
    var name: String {
        switch self {
        case .wrk: "wrk"
        case .asyncHTTPClient: "AsyncHTTPClient"
        }
    }

    /// Requests per second `url` sustains with `connections` requests in
    /// flight, over `seconds` (wrk) or `requests` requests (AsyncHTTPClient).
    func throughput(_ url: URL, connections: Int, seconds: Int, requests: Int) async throws -> Double {
        switch self {
        case .wrk(let path):
            return try await OwnThread.run {
                try Self.runWrk(path, url: url, connections: connections, seconds: seconds)
            }
        case .asyncHTTPClient:
            let client = HTTPClient.shared
            let target = url.absoluteString
            let elapsed = try await Load.run(total: requests, inFlight: connections) {
                let response = try await client.execute(HTTPClientRequest(url: target), timeout: .seconds(60))
                _ = try await response.body.collect(upTo: 1 << 20)
                guard response.status.code == 200 else {
                    throw BenchmarkFailure("status \(response.status.code) from \(target)")
                }
            }
            return Load.rate(requests, elapsed)
        }
    }

    private static func runWrk(_ path: String, url: URL, connections: Int, seconds: Int) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", url.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Any non-2xx answer makes the rate meaningless.
        guard process.terminationStatus == 0, !text.contains("Non-2xx"),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let rate = line.split(separator: " ").last.flatMap({ Double($0) })
        else {
            throw BenchmarkFailure("wrk failed on \(url): \(text)")
        }
        return rate
    }
}
