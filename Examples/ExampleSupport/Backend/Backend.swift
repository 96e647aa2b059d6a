import Foundation
import Sandbox
import SandboxServer

/// Where an example's requests go: a Sandbox it started itself on a free
/// loopback port (the default), or a server named with `--base-url`.
///
/// ```swift
/// let backend = try await Backend.start(options)
/// defer { Task { await backend.stop() } }
/// let client = BankeyClient(baseURL: backend.url(path: "bankey/"))
/// ```
public final class Backend: Sendable {
    /// The server's base URL.
    public let baseURL: URL
    /// The credentials to send: the sandbox's own for an embedded sandbox,
    /// the environment's (or `.env`'s) for `--base-url`.
    public let credentials: Credentials
    /// The embedded sandbox, when the example started one.
    public let server: SandboxServer?

    private init(baseURL: URL, credentials: Credentials, server: SandboxServer?) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.server = server
    }

    /// Whether requests go to an embedded sandbox.
    public var isEmbedded: Bool {
        server != nil
    }

    /// Starts the backend the options describe. An embedded sandbox keeps its
    /// data in a directory it names on standard error, so what one run
    /// writes is there in the next.
    public static func start(
        _ options: BackendOptions,
        environment: DotEnv = DotEnv(),
        terminal: Terminal = .current
    ) async throws -> Backend {
        if let text = options.baseURL {
            guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw ExampleFailure("--base-url must be an http or https URL, such as http://127.0.0.1:8080")
            }
            return Backend(baseURL: url, credentials: Credentials(environment: environment), server: nil)
        }
        let directory =
            options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? defaultDataDirectory(environment: environment)
        var serverOptions = SandboxServerOptions(dataDirectory: directory)
        serverOptions.configuration.reset = options.reset
        // Examples walk a lesson at a person's pace; the demo switch keeps
        // Airtable's 5-requests-a-second limit from getting in the way.
        serverOptions.configuration.airtable.rateLimitEnabled = false
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let server = try await SandboxServer.start(serverOptions)
            note("Sandbox on \(server.baseURL.absoluteString), data in \(directory.path)", terminal: terminal)
            return Backend(baseURL: server.baseURL, credentials: .sandbox, server: server)
        } catch let error as SandboxServerError {
            throw ExampleFailure("Could not start the sandbox: \(error)")
        }
    }

    /// Stops the embedded sandbox, if there is one.
    public func stop() async {
        await server?.stop()
    }

    /// A URL below ``baseURL``.
    public func url(path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    /// `$XDG_DATA_HOME/networking-lessons/sandbox`, or the same under
    /// `~/.local/share`.
    public static func defaultDataDirectory(environment: DotEnv = DotEnv()) -> URL {
        let base =
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
        return base.appendingPathComponent("networking-lessons/sandbox", isDirectory: true)
    }

    /// A dim line on standard error, where the examples say what their
    /// sandbox is doing; standard output is the lesson's.
    static func note(_ text: String, terminal: Terminal = .current) {
        Terminal.writeToStandardError(terminal.styled(text, .dim) + "\n")
    }
}
