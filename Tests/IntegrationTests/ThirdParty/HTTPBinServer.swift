import Foundation

/// httpbin from PyPI (`Tests/ThirdParty/httpbin_server.py`), started on
/// 127.0.0.1 and a free port for one test and stopped after it: a real
/// server nobody here wrote, to check what the SDK puts on the wire.
final class HTTPBinServer: Sendable {
    let baseURL: URL
    private let process: Process

    private init(baseURL: URL, process: Process) {
        self.baseURL = baseURL
        self.process = process
    }

    /// Runs `body` with a server started for it.
    static func run<Result>(_ body: (HTTPBinServer) async throws -> Result) async throws -> Result {
        let server = try await start()
        defer { server.process.terminate() }
        return try await body(server)
    }

    private static func start() async throws -> HTTPBinServer {
        let python = Repository.root.appendingPathComponent(".build/python-clients/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw PythonClient.Failure.notInstalled(python.path)
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [Repository.root.appendingPathComponent("Tests/ThirdParty/httpbin_server.py").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let collected = ChildProcess.OutputCollector(output.fileHandleForReading)
        try process.run()
        // The port is the first line; a minute only catches a server that
        // never starts.
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline, process.isRunning {
            let text = collected.text
            if let line = text.split(separator: "\n").first, text.contains("\n"), let port = Int(line) {
                return HTTPBinServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, process: process)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        throw ChildProcess.TimedOut(output: collected.text)
    }
}
