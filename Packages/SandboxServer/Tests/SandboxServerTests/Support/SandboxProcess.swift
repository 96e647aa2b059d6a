import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `sandbox` executable running as a child process, for tests
/// that need a real process: durability across `kill -9`, signals, the
/// start-up banner.
///
/// ```swift
/// let sandbox = try await SandboxProcess.launch(["--data-dir", directory.path])
/// // … write through sandbox.baseURL …
/// await sandbox.kill()                                   // SIGKILL: no goodbye
/// let restarted = try await SandboxProcess.launch(["--data-dir", directory.path])
/// defer { restarted.kill() }  // or: await restarted.terminate()
/// ```
///
/// The child is killed when this object goes away, so a test that fails or
/// throws never leaves a server behind; it is started with
/// `--stop-when-stdin-closes`, so it also exits if the test process dies.
/// Its output is read continuously on background threads (no pipe fills
/// up), and every wait has a timeout.
final class SandboxProcess: Sendable {
    /// Why a launch failed.
    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    /// `http://127.0.0.1:PORT` from the `Sandbox listening on` line.
    let baseURL: URL
    /// The child's process id.
    let processIdentifier: Int32

    private let process: Process
    private let output: OutputCollector
    private let exit: ExitWatcher
    /// Keeps the child's standard input open until it is stopped.
    private let standardInput: Pipe

    private init(
        baseURL: URL, process: Process, output: OutputCollector, exit: ExitWatcher, standardInput: Pipe
    ) {
        self.baseURL = baseURL
        self.processIdentifier = process.processIdentifier
        self.process = process
        self.output = output
        self.exit = exit
        self.standardInput = standardInput
    }

    deinit {
        if !exit.hasExited {
            Foundation.kill(processIdentifier, SIGKILL)
        }
    }

    /// Starts `sandbox` with `arguments` (`--port 0` unless a port is given)
    /// and returns once it printed `Sandbox listening on URL`. With
    /// `unwritableStandardError`, its standard error is opened for reading
    /// only, so that every write to it fails.
    static func launch(
        _ arguments: [String] = [], unwritableStandardError: Bool = false, timeout: Duration = .seconds(300)
    ) async throws -> SandboxProcess {
        let executable = try executableURL()
        let process = Process()
        process.executableURL = executable
        var fullArguments = arguments
        if !arguments.contains("--port") { fullArguments += ["--port", "0"] }
        if !arguments.contains("--stop-when-stdin-closes") { fullArguments.append("--stop-when-stdin-closes") }
        process.arguments = fullArguments
        let standardInput = Pipe()
        let standardOutput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        let output = OutputCollector()
        if unwritableStandardError {
            process.standardError = FileHandle(forReadingAtPath: "/dev/null")
        } else {
            let standardError = Pipe()
            process.standardError = standardError
            output.collect(standardError.fileHandleForReading, isError: true)
        }
        let exit = ExitWatcher()
        output.collect(standardOutput.fileHandleForReading, isError: false)
        process.terminationHandler = { process in
            exit.record(process.terminationStatus)
        }
        try process.run()

        let deadline = ContinuousClock.now + timeout
        while true {
            if let line = output.lines.first {
                let prefix = "Sandbox listening on "
                guard line.hasPrefix(prefix), let url = URL(string: String(line.dropFirst(prefix.count))) else {
                    Foundation.kill(process.processIdentifier, SIGKILL)
                    throw LaunchError(description: "sandbox printed an unexpected first line: \(line)")
                }
                return SandboxProcess(
                    baseURL: url, process: process, output: output, exit: exit, standardInput: standardInput)
            }
            if exit.hasExited {
                await output.waitForEnd()
                throw LaunchError(
                    description: "sandbox exited (\(exit.status ?? -1)) before listening. Its errors:\n\(output.errors)"
                )
            }
            guard ContinuousClock.now < deadline else {
                Foundation.kill(process.processIdentifier, SIGKILL)
                throw LaunchError(
                    description: "sandbox did not print its URL within \(timeout). Its errors:\n\(output.errors)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Every line printed on standard output so far.
    var outputLines: [String] {
        output.lines
    }

    /// Waits until a line of standard output contains `text` (the banner's
    /// last line is `Press Ctrl-C to stop.`); whether one did in time.
    func waitForOutput(containing text: String, timeout: Duration = .seconds(300)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !output.lines.contains(where: { $0.contains(text) }) {
            guard ContinuousClock.now < deadline, !exit.hasExited else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Everything printed on standard error so far.
    var errorOutput: String {
        output.errors
    }

    /// Whether the child has exited.
    var hasExited: Bool {
        exit.hasExited
    }

    /// Sends `signal` (SIGKILL by default: no chance to clean up, as in a
    /// crash) and waits for the child to exit; returns its status.
    @discardableResult
    func kill(signal: Int32 = SIGKILL, timeout: Duration = .seconds(300)) async -> Int32? {
        if !exit.hasExited {
            Foundation.kill(processIdentifier, signal)
        }
        return await waitForExit(timeout: timeout)
    }

    /// Stops the child gracefully with SIGTERM, killing it if it has not
    /// exited within `timeout`; returns its exit status (0 after a clean
    /// stop).
    @discardableResult
    func terminate(timeout: Duration = .seconds(300)) async -> Int32? {
        if !exit.hasExited {
            Foundation.kill(processIdentifier, SIGTERM)
        }
        if let status = await waitForExit(timeout: timeout) {
            return status
        }
        return await kill()
    }

    /// Closes the child's standard input, as a harness that died would.
    func closeStandardInput() {
        try? standardInput.fileHandleForWriting.close()
    }

    /// Waits for the child to exit; `nil` if it is still running at the
    /// deadline.
    func waitForExit(timeout: Duration = .seconds(300)) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while !exit.hasExited {
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        try? standardInput.fileHandleForWriting.close()
        return exit.status
    }

    /// The `sandbox` executable in the build products folder, beside the
    /// test bundle; `SANDBOX_EXECUTABLE` overrides it.
    static func executableURL() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["SANDBOX_EXECUTABLE"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let argument = CommandLine.arguments.first, argument.contains("/") {
            folders.append(URL(fileURLWithPath: argument).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("sandbox")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        let searched = Set(folders.map(\.path)).sorted().joined(separator: ", ")
        throw LaunchError(
            description: """
                The sandbox executable was not found next to the test bundle (looked in: \(searched)). \
                Build it before testing: `swift build --build-tests` (make build does), or set SANDBOX_EXECUTABLE.
                """)
    }
}

/// Collects a child's standard output lines and standard error text as
/// they arrive, on the file handles' own threads.
private final class OutputCollector: Sendable {
    private struct State {
        var pendingOutput = Data()
        var lines: [String] = []
        var errors = Data()
        /// The streams being read that have not reached their end.
        var openStreams = 0
    }

    /// Standard error beyond this is dropped: enough for a diagnosis.
    private static let errorLimit = 64 * 1024

    private let state = NIOLockedValueBox(State())

    var lines: [String] {
        state.withLockedValue { $0.lines }
    }

    var errors: String {
        String(decoding: state.withLockedValue { $0.errors }, as: UTF8.self)
    }

    /// Waits (briefly) until both streams reached their end, so a child that
    /// exited has had everything it printed read.
    func waitForEnd(timeout: Duration = .seconds(300)) async {
        let deadline = ContinuousClock.now + timeout
        while state.withLockedValue({ $0.openStreams > 0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Reads `handle` to its end with plain `read` calls, on a thread of
    /// its own. (A `readabilityHandler` is a libdispatch source: setting up
    /// and removing them for many children at once corrupted libdispatch's
    /// epoll bookkeeping and crashed the test process in
    /// `_dispatch_event_loop_drain`, swift-corelibs-libdispatch#949.)
    func collect(_ handle: FileHandle, isError: Bool) {
        state.withLockedValue { $0.openStreams += 1 }
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                append(Data(buffer[..<count]), isError: isError)
            }
            state.withLockedValue { $0.openStreams -= 1 }
        }.start()
    }

    private func append(_ data: Data, isError: Bool) {
        state.withLockedValue { state in
            if isError {
                if state.errors.count < Self.errorLimit { state.errors.append(data) }
                return
            }
            state.pendingOutput.append(data)
            while let newline = state.pendingOutput.firstIndex(of: UInt8(ascii: "\n")) {
                let line = state.pendingOutput[state.pendingOutput.startIndex..<newline]
                state.lines.append(String(decoding: line, as: UTF8.self))
                state.pendingOutput.removeSubrange(state.pendingOutput.startIndex...newline)
            }
        }
    }
}

/// Records the child's exit, reported by `Process` on its own thread.
private final class ExitWatcher: Sendable {
    private let state = NIOLockedValueBox<Int32?>(nil)

    var hasExited: Bool {
        state.withLockedValue { $0 != nil }
    }

    /// The exit status, or the signal number for a child killed by one.
    var status: Int32? {
        state.withLockedValue { $0 }
    }

    func record(_ status: Int32) {
        state.withLockedValue { $0 = status }
    }
}
