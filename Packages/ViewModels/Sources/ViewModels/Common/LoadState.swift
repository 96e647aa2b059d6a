/// Where a screen that loads data is: one type for every such screen of
/// the lessons (the feed, the boards, the projects, the account summary,
/// the photos).
///
/// ```swift
/// switch screen.state {
/// case .loading: showSkeleton()
/// case .failed: break  // screen.alert says why; what was shown stays
/// default: showRows(screen.rows)
/// }
/// ```
public enum LoadState: Sendable, Hashable {
    /// Nothing asked yet.
    case idle
    /// The first load is on its way; there is nothing to show yet.
    case loading
    /// What the screen shows is what the server last sent.
    case loaded
    /// Pull to refresh: the newest data is on its way; what is shown stays.
    case refreshing
    /// The next page is on its way; what is shown stays.
    case paging
    /// The last request failed; the screen's `alert` and `error` say why,
    /// and what was shown stays.
    case failed

    /// Whether a request is on its way.
    public var isBusy: Bool {
        self == .loading || self == .refreshing || self == .paging
    }
}
