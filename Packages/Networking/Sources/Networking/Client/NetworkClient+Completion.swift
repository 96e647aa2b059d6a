import Foundation

extension NetworkClient {
    /// Sends the request and calls `completion` with the result on the main
    /// queue, as the lessons did with `DispatchQueue.main.async`.
    ///
    /// ```swift
    /// let task = client.send(NetworkRequest<[Account]>.get("profile/1/accounts")) { result in
    ///     switch result {
    ///     case .success(let accounts): self.accounts = accounts
    ///     case .failure(let error): self.show(error)
    ///     }
    /// }
    /// task.cancel()  // completion receives .failure(.cancelled)
    /// ```
    @discardableResult
    public func send<Value>(
        _ request: NetworkRequest<Value>,
        completion: @escaping @MainActor @Sendable (Result<Value, NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in try await send(request) }
    }
}
