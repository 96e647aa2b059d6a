import Models

/// What the lesson's account summary screen shows: the customer's profile
/// for the header and their accounts for the cells.
public struct AccountSummary: Sendable, Hashable {
    /// The customer.
    public var profile: Profile
    /// Their accounts, in the server's order.
    public var accounts: [Account]

    /// Creates a summary.
    public init(profile: Profile, accounts: [Account]) {
        self.profile = profile
        self.accounts = accounts
    }
}
