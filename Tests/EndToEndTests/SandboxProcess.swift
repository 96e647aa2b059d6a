import Foundation
import HTTPTestServer

/// The `sandbox` command running in a process of its own, so a test can
/// measure what the server alone holds in memory (`/proc/<pid>/status`),
/// free of the test process's own allocations. It stops when the test's
/// end of its standard input closes, and `stop()` closes it.
final class SandboxProcess: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    private let input = Pipe()

    /// Starts `sandbox` on a free loopback port, in memory, and waits for
    /// its `Sandbox listening on URL` line.
    init(_ arguments: [String] = []) async throws {
        let executable = ExampleProcess.productsDirectory.appendingPathComponent("sandbox")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ExampleProcess.Failure(description: "\(executable.path) is missing: build it first")
        }
        let output = Pipe()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--stop-when-stdin-closes", "--no-rate-limit"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        let banner = try await Blocking.run { () -> Result<URL, ExampleProcess.Failure> in
            var text = ""
            let deadline = ContinuousClock.now + .seconds(300)
            while ContinuousClock.now < deadline {
                let data = reader.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Sandbox listening on ") }),
                    let url = URL(string: String(line.dropFirst("Sandbox listening on ".count)))
                {
                    // Keep draining, so the banner's reader never blocks it.
                    Thread.detachNewThread {
                        while !reader.availableData.isEmpty {}
                    }
                    return .success(url)
                }
            }
            return .failure(ExampleProcess.Failure(description: "sandbox printed no URL: \(text)"))
        }
        switch banner {
        case .success(let url):
            baseURL = url
        case .failure(let failure):
            process.terminate()
            throw failure
        }
    }

    /// The server's resident memory in bytes, from `/proc/<pid>/status`.
    var residentBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// Ends the process: closes its standard input, and kills it if it has
    /// not ended within 10 s. Returns at once; the wait runs on a thread of
    /// its own.
    func stop() {
        try? input.fileHandleForWriting.close()
        Thread.detachNewThread { [self] in
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            if process.isRunning {
                process.terminate()
            }
        }
    }
}
