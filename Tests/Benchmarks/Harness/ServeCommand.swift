import ArgumentParser
import Foundation
import SandboxServer

/// `benchmarks serve`: run in a child process by benchmark 9, so the
/// resident memory it measures is the server's alone, and by benchmark 12,
/// so the CPU time it measures is the client's alone. Starts an in-memory
/// Sandbox server on a free loopback port holding the benchmarks' item,
/// prints the port, and stops when standard input closes.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serves an in-memory Sandbox (used by benchmarks 9 and 12).",
        shouldDisplay: false)

    func run() async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebase.seedsLessonData = false
        options.configuration.airtable.rateLimitEnabled = false
        let server = try await SandboxServer.start(options)
        try await BenchServer.seed(server.sandbox)
        FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
        _ = FileHandle.standardInput.readDataToEndOfFile()
        await server.stop()
    }
}
