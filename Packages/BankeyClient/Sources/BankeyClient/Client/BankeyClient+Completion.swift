import Foundation
import Models
import Networking

extension BankeyClient {
    /// ``fetchProfile(forUserId:)`` with the lesson's completion: the
    /// `Result` arrives on the main queue.
    ///
    /// - Returns: The task, to cancel the fetch; the completion then gets a
    ///   ``BankeyError`` whose ``BankeyError/isCancelled`` is `true`.
    @discardableResult
    public func fetchProfile(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<Profile, BankeyError>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { () async throws(BankeyError) in try await fetchProfile(forUserId: userId) }
    }

    /// ``fetchAccounts(forUserId:)`` with the lesson's completion: the
    /// `Result` arrives on the main queue.
    @discardableResult
    public func fetchAccounts(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<[Account], BankeyError>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { () async throws(BankeyError) in try await fetchAccounts(forUserId: userId) }
    }

    /// ``fetchSummary(forUserId:)`` with a completion on the main queue:
    /// the lesson's `group.notify(queue: .main)`.
    @discardableResult
    public func fetchSummary(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<AccountSummary, BankeyError>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { () async throws(BankeyError) in try await fetchSummary(forUserId: userId) }
    }

    private func deliverOnMain<Value: Sendable>(
        _ completion: @escaping @MainActor @Sendable (Result<Value, BankeyError>) -> Void,
        _ operation: @escaping @Sendable () async throws(BankeyError) -> Value
    ) -> Task<Void, Never> {
        Task {
            let result = await capture(operation)
            await MainActor.run {
                completion(result)
            }
        }
    }
}
