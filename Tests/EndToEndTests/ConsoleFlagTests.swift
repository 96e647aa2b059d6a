import Foundation
import HTTPTestServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `--console`: an example prints its embedded sandbox's console URL, and
/// keeps the sandbox (and console) up after the lesson until Ctrl-C.
@Suite("Examples with --console", .serialized, .timeLimit(.minutes(10)))
struct ConsoleFlagTests {
    @Test("bankey --console prints the console URL, serves it after the lesson, and stops on SIGINT")
    func consoleStaysUp() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("console-data")
        let process = Process()
        process.executableURL = ExampleProcess.productsDirectory.appendingPathComponent("bankey")
        process.arguments = ["summary", "--console", "--data-dir", data.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let reader = errors.fileHandleForReading
        let text = try await Blocking.run {
            var text = ""
            let deadline = ContinuousClock.now + .seconds(300)
            while ContinuousClock.now < deadline, !text.contains("Ctrl-C stops it.") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Sandbox console: ") })
        let url = try #require(URL(string: String(line.dropFirst("Sandbox console: ".count))))
        #expect(url.absoluteString.hasSuffix("/__sandbox/console/"))
        #expect(text.contains("Ctrl-C stops it."))
        #expect(process.isRunning, "the example ended instead of keeping its sandbox up")

        let (page, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("<title>Sandbox console</title>"))

        process.interrupt()
        let stopped = ContinuousClock.now + .seconds(300)
        while process.isRunning, ContinuousClock.now < stopped {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
    }
}
