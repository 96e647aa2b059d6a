import Foundation
import SandboxServer

extension Backend {
    /// Starts the backend the options describe, runs `body` with it, and
    /// stops it: an embedded sandbox then writes what it holds before the
    /// process ends.
    ///
    /// Any error, from starting or from `body`, stops the backend and
    /// exits with one `error: …` line and status 1. `body` runs on the main
    /// actor, where the view models live.
    ///
    /// ```swift
    /// await Backend.run(backendOptions) { backend in
    ///     let client = BankeyClient(baseURL: backend.url(path: "bankey/"))
    ///     …
    /// }
    /// ```
    @MainActor
    public static func run(_ options: BackendOptions, _ body: @MainActor (Backend) async throws -> Void) async {
        let backend: Backend
        do {
            backend = try await Backend.start(options)
        } catch {
            ExampleFailure.exit(with: error)
        }
        // Watching from the start, so a Ctrl-C during the example stops it
        // cleanly too.
        let signals = options.console ? TerminationSignals(watchingStandardInput: false) : nil
        if signals != nil {
            note(
                backend.server.map { "Sandbox console: \($0.consoleURL.absoluteString)" }
                    ?? "--console is for the embedded sandbox; a running one serves it at /__sandbox/console/")
        }
        do {
            try await body(backend)
        } catch {
            await backend.stop()
            ExampleFailure.exit(with: error)
        }
        if let signals, let console = backend.server?.consoleURL {
            note("The sandbox keeps running for its console, \(console.absoluteString): Ctrl-C stops it.")
            _ = await signals.next()
        }
        await backend.stop()
    }

    /// A dim line on standard error, beside the sandbox's own.
    private static func note(_ text: String) {
        let terminal = Terminal.current
        FileHandle.standardError.write(Data((terminal.styled(text, .dim) + "\n").utf8))
    }
}
