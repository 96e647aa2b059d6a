import ExampleSupport
import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one command of a lesson: a sibling executable, as a learner would
/// run it, with the runner's backend options added.
struct LessonStep: Sendable {
    /// How a step ended.
    struct Outcome: Sendable {
        /// The executable's exit status; 127 when it could not be started.
        var status: Int32
        /// How long it took.
        var duration: Duration
        /// What it printed, when asked to keep it (`--json`); `nil` when it
        /// went straight to the terminal.
        var output: Data?
    }

    /// The executable.
    var executable: URL
    /// The lesson's arguments.
    var arguments: [String]
    /// The backend options every example accepts.
    var backendArguments: [String]
    /// Variables set for the child, on top of this process's.
    var environment: [String: String]

    /// Starts the step and waits for it. Its standard error always goes to
    /// this process's; its standard output too, unless `capturing`.
    func run(capturing: Bool) async -> Outcome {
        let start = ContinuousClock.now
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            let message = "error: \(executable.lastPathComponent) is not built next to lessons (\(executable.path)).\n"
            Terminal.writeToStandardError(message)
            return Outcome(status: 127, duration: .zero, output: nil)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + backendArguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, set in set }
        process.standardInput = FileHandle.nullDevice
        let pipe = capturing ? Pipe() : nil
        if let pipe {
            process.standardOutput = pipe
        }
        // What this process printed must reach the terminal before the
        // child writes to the same stream.
        fflush(nil)
        let (ended, finished) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { process in
            finished.yield(process.terminationStatus)
            finished.finish()
        }
        do {
            try process.run()
        } catch {
            Terminal.writeToStandardError("error: could not start \(executable.path): \(error)\n")
            return Outcome(status: 127, duration: ContinuousClock.now - start, output: nil)
        }
        // Read while the child runs, so a long output never fills the pipe
        // and blocks it.
        let reading = pipe.map { pipe in Task { await PipeReader.readAll(pipe.fileHandleForReading) } }
        var status: Int32 = 1
        for await value in ended {
            status = value
        }
        return Outcome(status: status, duration: ContinuousClock.now - start, output: await reading?.value)
    }
}
