import Foundation
import Sandbox
import SandboxServer

/// Servers for the examples' `--base-url` runs: a sandbox started by the
/// test. (An address where nothing listens is `HTTPTestServer`'s
/// `ReservedPort`.)
enum ExampleSandboxServer {
    /// Runs `body` with a server like `make sandbox`'s, but in memory, on
    /// 127.0.0.1 and a free port, and with Airtable's rate limit off, so
    /// tests can run examples in parallel; stops it afterwards, even when
    /// `body` throws.
    static func withServer<Result>(_ body: (SandboxServer) async throws -> Result) async throws -> Result {
        var options = SandboxServerOptions()
        options.configuration.airtable.rateLimitEnabled = false
        return try await SandboxServer.withServer(options, body)
    }

    /// A fresh folder under the temporary directory.
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whether util-linux `script` can give a run a terminal.
    static var canUseTerminal: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
    }

    /// Runs an example on a pseudo-terminal through `script`, so it sees a
    /// TTY as in a person's shell, and returns what it printed there
    /// (standard output and standard error together, as a terminal shows
    /// them) and its status.
    static func runOnTerminal(
        _ name: String, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: String) {
        let executable = ExampleProcess.productsDirectory.appendingPathComponent(name).path
        let command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
        let directory = try temporaryFolder("terminal")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        process.currentDirectoryURL = directory
        var base = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
            "TERM": "xterm-256color", "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
        ]
        base.merge(environment) { _, given in given }
        process.environment = base
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The pipe is read on a Dispatch thread and the exit polled with
        // sleeps, so no thread of the test's shared pool blocks meanwhile.
        async let data = withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: output.fileHandleForReading.readDataToEndOfFile())
            }
        }
        let deadline = ContinuousClock.now + .seconds(300)
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                throw ExampleProcess.Failure(description: "\(name) on a terminal did not finish within 300 s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (process.terminationStatus, String(decoding: await data, as: UTF8.self))
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
