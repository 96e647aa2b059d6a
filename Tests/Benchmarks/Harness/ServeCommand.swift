import ArgumentParser
import Foundation
import Sandbox
import SandboxServer

/// `benchmarks serve`: run in a child process by benchmark 9, so the
/// resident memory it measures is the server's alone, and by benchmark 12,
/// so the CPU time it measures is the client's alone. Starts an in-memory
/// Sandbox server on a free loopback port holding the benchmarks' item,
/// prints the port, and stops when standard input closes.
///
/// With `--bare` it serves benchmark 8's baseline instead, the bare
/// Hummingbird route, so both servers can be profiled alike (`perf record`
/// on this process under `wrk`; Performance.md has the commands).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serves an in-memory Sandbox (used by benchmarks 9 and 12).",
        shouldDisplay: false)

    @Flag(help: "Serve benchmark 8's bare Hummingbird route, at the item's path, instead of the Sandbox.")
    var bare = false

    func run() async throws {
        guard !bare else { return try await serveBare() }
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebase.seedsLessonData = false
        options.configuration.airtable.rateLimitEnabled = false
        let server = try await SandboxServer.start(options)
        try await BenchServer.seed(server.sandbox)
        try await Self.printPortAndWait(server.port)
        await server.stop()
    }

    /// The bare route, serving the answer the Sandbox gives for the item
    /// (asked of an in-process Sandbox: no server needed for that).
    private func serveBare() async throws {
        let item = try await BenchServer.sandbox().respond(to: BenchServer.itemSandboxRequest)
        let baseline = try await BareHummingbirdServer.start(answer: item)
        try await Self.printPortAndWait(baseline.url.port ?? 0)
        await baseline.stop()
    }

    /// Tells the parent the port, then serves until standard input closes.
    private static func printPortAndWait(_ port: Int) async throws {
        try? FileHandle.standardOutput.write(contentsOf: Data("\(port)\n".utf8))
        _ = try await OwnThread.run { FileHandle.standardInput.readDataToEndOfFile() }
    }
}
