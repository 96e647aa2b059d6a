import Models
import Networking

extension BankeyClient {
    /// The profile and the accounts, fetched at the same time: the lesson's
    /// `DispatchGroup` of two requests, as structured concurrency.
    ///
    /// It fails as soon as either fetch fails, with that fetch's error,
    /// cancelling the other instead of letting it run to the end.
    public func fetchSummary(forUserId userId: String) async throws(NetworkError) -> AccountSummary {
        let result = await withTaskGroup(of: SummaryPart.self) { group -> Result<AccountSummary, NetworkError> in
            group.addTask {
                let profile = await Result.capturing { () async throws(NetworkError) in
                    try await fetchProfile(forUserId: userId)
                }
                return .profile(profile)
            }
            group.addTask {
                let accounts = await Result.capturing { () async throws(NetworkError) in
                    try await fetchAccounts(forUserId: userId)
                }
                return .accounts(accounts)
            }
            var profile: Profile?
            var accounts: [Account]?
            for await part in group {
                switch part {
                case .profile(.success(let value)):
                    profile = value
                case .accounts(.success(let value)):
                    accounts = value
                case .profile(.failure(let error)), .accounts(.failure(let error)):
                    group.cancelAll()
                    return .failure(error)
                }
            }
            guard let profile, let accounts else { return .failure(.cancelled) }
            return .success(AccountSummary(profile: profile, accounts: accounts))
        }
        return try result.get()
    }
}

/// One finished half of ``BankeyClient/fetchSummary(forUserId:)``.
private enum SummaryPart: Sendable {
    case profile(Result<Profile, NetworkError>)
    case accounts(Result<[Account], NetworkError>)
}
