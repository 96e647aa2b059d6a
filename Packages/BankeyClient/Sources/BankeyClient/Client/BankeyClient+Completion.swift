import Foundation
import Models
import Networking

extension BankeyClient {
    /// ``fetchProfile(forUserId:)`` with the lesson's completion: the
    /// `Result` arrives on the main queue.
    ///
    /// - Returns: A handle to cancel the fetch; the completion then gets a
    ///   ``BankeyError`` whose ``BankeyError/isCancelled`` is `true`.
    @discardableResult
    public func fetchProfile(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<Profile, BankeyError>) -> Void
    ) -> NetworkTask {
        lessonTask(completion) { () async throws(NetworkError) in try await fetchProfile(forUserId: userId) }
    }

    /// ``fetchAccounts(forUserId:)`` with the lesson's completion: the
    /// `Result` arrives on the main queue.
    @discardableResult
    public func fetchAccounts(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<[Account], BankeyError>) -> Void
    ) -> NetworkTask {
        lessonTask(completion) { () async throws(NetworkError) in try await fetchAccounts(forUserId: userId) }
    }

    /// ``fetchSummary(forUserId:)`` with a completion on the main queue:
    /// the lesson's `group.notify(queue: .main)`.
    @discardableResult
    public func fetchSummary(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<AccountSummary, BankeyError>) -> Void
    ) -> NetworkTask {
        lessonTask(completion) { () async throws(NetworkError) in try await fetchSummary(forUserId: userId) }
    }

    /// Runs `operation` for a completion handler, its failure read as the
    /// lesson's ``BankeyError``.
    private func lessonTask<Value: Sendable>(
        _ completion: @escaping @MainActor @Sendable (Result<Value, BankeyError>) -> Void,
        _ operation: @escaping @Sendable () async throws(NetworkError) -> Value
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(BankeyError) in
            do throws(NetworkError) {
                return try await operation()
            } catch {
                throw BankeyError(error)
            }
        }
    }
}
