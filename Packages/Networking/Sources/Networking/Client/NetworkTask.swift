/// A handle on a request started with a completion handler, to cancel it.
///
/// Cancelling makes the completion handler receive ``NetworkError/cancelled``
/// (unless the result was already on its way).
public struct NetworkTask: Sendable {
    private let task: Task<Void, Never>

    /// Wraps the task that runs a request, so clients built on ``HTTPClient``
    /// can hand the same handle to their callers.
    public init(_ task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the request.
    public func cancel() {
        task.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        task.isCancelled
    }
}
