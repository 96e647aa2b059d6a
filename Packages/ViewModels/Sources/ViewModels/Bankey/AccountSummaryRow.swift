/// One row of the account summary table: a skeleton while the accounts
/// load, then an account.
///
/// The lesson shows skeleton cells (grey shimmering bars) instead of an
/// empty table or a spinner, so the screen keeps its shape while it loads.
public enum AccountSummaryRow: Sendable, Hashable, Identifiable {
    /// A placeholder, numbered from 0.
    case skeleton(Int)
    /// An account, with its id.
    case account(id: String, AccountSummaryCell.ViewModel)

    /// Unique within the table: `skeleton-3`, `account-1`.
    public var id: String {
        switch self {
        case .skeleton(let index): "skeleton-\(index)"
        case .account(let id, _): "account-\(id)"
        }
    }

    /// Whether this is a placeholder.
    public var isSkeleton: Bool {
        if case .skeleton = self { return true }
        return false
    }

    /// The account's view model, or `nil` for a placeholder.
    public var cellViewModel: AccountSummaryCell.ViewModel? {
        if case .account(_, let viewModel) = self { return viewModel }
        return nil
    }
}
