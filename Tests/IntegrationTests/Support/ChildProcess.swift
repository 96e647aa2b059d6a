import Foundation

/// Runs a program to its end without blocking a thread anyone else needs:
/// not the concurrency pool's (two on a 2-core machine), and not
/// Foundation's process queue, where a blocking read in a termination
/// handler once held up every other test's child processes.
///
/// The output is read on a thread of its own. It ends only when every copy
/// of the pipe's write end is closed, and a process another test starts at
/// the same moment can inherit one: so the wait for it is bounded.
enum ChildProcess {
    /// How a run ended and what it printed (standard output, and standard
    /// error when asked).
    struct Run {
        var status: Int32
        var output: String
    }

    /// The run took longer than its time limit and was stopped.
    struct TimedOut: Error, CustomStringConvertible {
        var output: String

        var description: String { "the process did not finish in time; it printed:\n\(output)" }
    }

    /// Runs `executable` with `arguments` and `environment` added, for at
    /// most `timeout`.
    static func run(
        _ executable: URL, arguments: [String], environment: [String: String] = [:],
        includingStandardError: Bool = true, timeout: Duration = .seconds(300)
    ) async throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = includingStandardError ? output : FileHandle.nullDevice
        let collected = OutputCollector(output.fileHandleForReading)
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                // SIGKILL: a child spawned from a Swift worker thread
                // inherits its mask, which blocks SIGTERM.
                kill(process.processIdentifier, SIGKILL)
                throw TimedOut(output: collected.text)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let outputDeadline = ContinuousClock.now + .seconds(300)
        while !collected.isFinished, ContinuousClock.now < outputDeadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return Run(status: process.terminationStatus, output: collected.text)
    }

    /// Reads a pipe to its end on a thread of its own (also used for a
    /// process that keeps running, such as chromedriver).
    final class OutputCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private var finished = false

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { data.append(chunk) }
                }
                lock.withLock { finished = true }
            }
        }

        /// Whether the output has ended.
        var isFinished: Bool {
            lock.withLock { finished }
        }

        /// What was read so far.
        var text: String {
            lock.withLock { String(decoding: data, as: UTF8.self) }
        }
    }
}
