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
        if options.console {
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
        // Only now: during the lesson, Ctrl-C keeps its usual effect.
        if options.console, let console = backend.server?.consoleURL {
            let signals = TerminationSignals(watchingStandardInput: false)
            note("The sandbox keeps running for its console, \(console.absoluteString): Ctrl-C stops it.")
            _ = await signals.next()
        }
        await backend.stop()
    }
}
