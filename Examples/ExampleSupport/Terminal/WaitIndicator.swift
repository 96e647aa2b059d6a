import Networking

/// A progress indicator for a wait of unknown length, such as a request:
/// a counter on standard error that ticks while the work runs, drawn only
/// on a terminal (see ``ProgressIndicator``).
///
/// ```swift
/// let posts = try await WaitIndicator.showing("Loading posts") {
///     try await client.fetchPosts()
/// }
/// ```
public enum WaitIndicator {
    /// Runs `operation` with the indicator showing, and clears it after.
    @discardableResult
    public static func showing<Value, Failure: Error>(
        _ title: String,
        terminal: Terminal = .current,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let progress = ProgressIndicator(title: title, total: 0, terminal: terminal)
        let ticker = Task {
            while true {
                do {
                    try await Task.sleep(for: .milliseconds(250))
                } catch {
                    return
                }
                progress.advance()
            }
        }
        let result = await Result.capturing(operation)
        // The ticker has stopped drawing before the line is cleared, so no
        // tick is left behind on the terminal.
        ticker.cancel()
        await ticker.value
        progress.finish()
        return try result.get()
    }
}
