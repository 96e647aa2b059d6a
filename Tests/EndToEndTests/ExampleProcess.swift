import ExampleSupport
import Foundation

/// Runs a built example executable (`bankey`, `lessons`, …) the way a person
/// would, and captures what it printed and how it exited.
///
/// The executables are built next to the test bundle by `swift build
/// --build-tests` (what `make test` runs before the tests).
struct ExampleProcess {
    /// What a finished run printed and returned.
    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The folder of the build products.
    static var productsDirectory: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    /// Runs `name` with `arguments`, in `directory` (a fresh temporary one
    /// by default, so no `.env` of the developer's is read), with the given
    /// environment on top of a minimal one, and waits up to `timeout`.
    static func run(
        _ name: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        in directory: URL? = nil,
        timeout: Duration = .seconds(300)
    ) async throws -> Result {
        let executable = productsDirectory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "\(executable.path) is missing: build it first with `swift build --build-tests`")
        }
        let workingDirectory =
            directory
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("example-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        var base = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": workingDirectory.path,
        ]
        base["XDG_DATA_HOME"] = workingDirectory.appendingPathComponent("data").path
        process.environment = base.merging(environment) { _, given in given }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a chatty example can
        // never block on a full pipe.
        async let standardOutput = PipeReader.readAll(output.fileHandleForReading)
        async let standardError = PipeReader.readAll(errors.fileHandleForReading)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                throw Failure(
                    description: "\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: await standardOutput, as: UTF8.self),
            standardError: String(decoding: await standardError, as: UTF8.self)
        )
    }
}
