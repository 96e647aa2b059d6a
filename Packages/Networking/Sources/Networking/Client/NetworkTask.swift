/// A handle on a request started with a completion handler, to cancel it.
///
/// Cancelling makes the completion handler receive ``NetworkError/cancelled``
/// (unless the result was already on its way).
public struct NetworkTask: Sendable {
    private let task: Task<Void, Never>

    /// Wraps the task that runs a request, so clients built on ``NetworkClient``
    /// can hand the same handle to their callers.
    public init(_ task: Task<Void, Never>) {
        self.task = task
    }

    /// Runs `operation` in a new task and hands its result to `completion`
    /// on the main actor: the lessons' `DispatchQueue.main.async`, written
    /// once for every completion-handler API in the SDK.
    ///
    /// ```swift
    /// public func fetchProfile(
    ///     forUserId id: String,
    ///     completion: @escaping @MainActor @Sendable (Result<Profile, NetworkError>) -> Void
    /// ) -> NetworkTask {
    ///     NetworkTask(completion: completion) { () async throws(NetworkError) in
    ///         try await fetchProfile(forUserId: id)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - completion: Called exactly once, on the main actor, with the
    ///     value or the typed error `operation` threw.
    ///   - operation: The async work; it sees the task's cancellation.
    public init<Value: Sendable, Failure: Error>(
        completion: @escaping @MainActor @Sendable (Result<Value, Failure>) -> Void,
        operation: @escaping @Sendable () async throws(Failure) -> Value
    ) {
        self.init(
            Task {
                let result = await Result.capturing(operation)
                await MainActor.run {
                    completion(result)
                }
            }
        )
    }

    /// Cancels the request.
    public func cancel() {
        task.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        task.isCancelled
    }

    /// Waits until the request has ended and its completion handler (if it
    /// was started with one) has run.
    public func waitUntilFinished() async {
        await task.value
    }
}
