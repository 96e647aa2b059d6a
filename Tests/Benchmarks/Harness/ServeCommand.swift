import ArgumentParser
import Foundation
import SandboxServer

/// `benchmarks serve`: run by benchmark 9 in a child process, so the
/// resident memory it measures is the server's alone. Starts an in-memory
/// Sandbox server on a free loopback port, prints the port, and stops when
/// standard input closes.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serves an in-memory Sandbox (used by benchmark 9).", shouldDisplay: false)

    func run() async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebase.seedsLessonData = false
        options.configuration.airtable.rateLimitEnabled = false
        let server = try await SandboxServer.start(options)
        FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
        _ = FileHandle.standardInput.readDataToEndOfFile()
        await server.stop()
    }
}
