import Foundation

/// A Python script from `Tests/ThirdParty/` run with the real third-party
/// clients that `scripts/install_python_clients.sh` installs (pinned) into
/// `.build/python-clients`.
enum PythonClient {
    /// Whether these tests are switched off (`SKIP_THIRD_PARTY_TESTS=1`);
    /// without that, missing clients fail the tests rather than skip them.
    static let isSkipped = ProcessInfo.processInfo.environment["SKIP_THIRD_PARTY_TESTS"] == "1"

    /// Why a client cannot run.
    enum Failure: Error, CustomStringConvertible {
        case notInstalled(String)

        var description: String {
            switch self {
            case .notInstalled(let path):
                "\(path) is missing: run scripts/install_python_clients.sh (make test does), or SKIP_THIRD_PARTY_TESTS=1"
            }
        }
    }

    /// Runs `Tests/ThirdParty/<script>` with `environment` added, for at
    /// most `timeout`, and returns its combined output.
    static func run(
        _ script: String, environment: [String: String], timeout: Duration = .seconds(300)
    ) async throws -> ChildProcess.Run {
        try await ChildProcess.run(
            python(), arguments: [Repository.root.appendingPathComponent("Tests/ThirdParty/" + script).path],
            environment: environment, timeout: timeout)
    }

    /// Runs `code` with `python -c`.
    static func run(code: String, timeout: Duration = .seconds(300)) async throws -> ChildProcess.Run {
        try await ChildProcess.run(python(), arguments: ["-c", code], timeout: timeout)
    }

    /// The virtual environment's Python, if it is installed.
    private static func python() throws -> URL {
        let python = Repository.root.appendingPathComponent(".build/python-clients/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { throw Failure.notInstalled(python.path) }
        return python
    }
}
