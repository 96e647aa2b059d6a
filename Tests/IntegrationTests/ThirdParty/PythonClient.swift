import Foundation

/// A Python script from `Tests/ThirdParty/` run with the real third-party
/// clients that `scripts/install_python_clients.sh` installs (pinned) into
/// `.build/python-clients`.
enum PythonClient {
    /// Whether these tests are switched off (`SKIP_THIRD_PARTY_TESTS=1`);
    /// without that, missing clients fail the tests rather than skip them.
    static let isSkipped = ProcessInfo.processInfo.environment["SKIP_THIRD_PARTY_TESTS"] == "1"

    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// What a run printed and how it ended.
    struct Run {
        var status: Int32
        var output: String
    }

    enum Failure: Error, CustomStringConvertible {
        case notInstalled(String)
        case timedOut(String)

        var description: String {
            switch self {
            case .notInstalled(let path):
                "\(path) is missing: run scripts/install_python_clients.sh (make test does), or SKIP_THIRD_PARTY_TESTS=1"
            case .timedOut(let output): "the script did not finish in time; it printed:\n\(output)"
            }
        }
    }

    /// Runs `Tests/ThirdParty/<script>` with `environment` added, for at
    /// most `timeout`, and returns its combined output.
    static func run(_ script: String, environment: [String: String], timeout: Duration = .seconds(180)) async throws
        -> Run
    {
        try await run(
            arguments: [root.appendingPathComponent("Tests/ThirdParty/" + script).path], environment: environment,
            timeout: timeout)
    }

    /// Runs `code` with `python -c`.
    static func run(code: String, timeout: Duration = .seconds(60)) async throws -> Run {
        try await run(arguments: ["-c", code], environment: [:], timeout: timeout)
    }

    private static func run(arguments: [String], environment: [String: String], timeout: Duration) async throws -> Run {
        let python = root.appendingPathComponent(".build/python-clients/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { throw Failure.notInstalled(python.path) }
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let collected = OutputCollector(output.fileHandleForReading)
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                throw Failure.timedOut(collected.text)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        collected.wait()
        return Run(status: process.terminationStatus, output: collected.text)
    }

    /// Reads a pipe to its end on a thread of its own, so a chatty script
    /// never blocks on a full pipe.
    final class OutputCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { data.append(chunk) }
                }
                done.signal()
            }
        }

        func wait() {
            _ = done.wait(timeout: .now() + 10)
        }

        var text: String {
            lock.withLock { String(decoding: data, as: UTF8.self) }
        }
    }
}
