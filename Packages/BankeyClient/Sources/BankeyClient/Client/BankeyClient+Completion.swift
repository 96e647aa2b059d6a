import Foundation
import Models
import Networking

extension BankeyClient {
    /// ``fetchProfile(forUserId:)`` with the lesson's completion: the
    /// `Result` arrives on the main queue.
    ///
    /// The failure is the SDK's `NetworkError`, as the async form throws it;
    /// `BankeyError(error).kind` reads it as the lesson's two kinds.
    ///
    /// - Returns: A handle to cancel the fetch; the completion then gets
    ///   ``/Networking/NetworkError/cancelled``.
    @discardableResult
    public func fetchProfile(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<Profile, NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in try await fetchProfile(forUserId: userId)
        }
    }

    /// ``fetchAccounts(forUserId:)`` with the lesson's completion: the
    /// `Result` arrives on the main queue.
    @discardableResult
    public func fetchAccounts(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<[Account], NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in
            try await fetchAccounts(forUserId: userId)
        }
    }

    /// ``fetchSummary(forUserId:)`` with a completion on the main queue:
    /// the lesson's `group.notify(queue: .main)`.
    @discardableResult
    public func fetchSummary(
        forUserId userId: String,
        completion: @escaping @MainActor @Sendable (Result<AccountSummary, NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in try await fetchSummary(forUserId: userId)
        }
    }
}
