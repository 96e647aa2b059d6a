import BankeyClient
import Foundation
import Models
import Networking
import Observation

/// The lesson's account summary screen: the header and the account cells,
/// fetched together, with skeleton rows while loading, pull to refresh, and
/// one alert for a failure.
///
/// ```swift
/// let screen = AccountSummaryViewModel(client: BankeyClient(), userId: "1")
/// await screen.load()
/// screen.headerViewModel.name               // "Kevin"
/// screen.rows                               // six `.account` rows
/// screen.alert?.title                       // "Server Error" after a failure
/// ```
///
/// States: ``LoadState/idle`` → ``LoadState/loading`` → ``LoadState/loaded`` or
/// ``LoadState/failed``; ``refresh()`` goes through ``LoadState/refreshing``.
@MainActor
@Observable
public final class AccountSummaryViewModel {

    /// How many skeleton rows show while loading, as in the lesson.
    public static let skeletonRowCount = 10
    /// The greeting before the profile arrives.
    public static let placeholderWelcomeMessage = "Welcome"
    /// The greeting once the profile arrives.
    public static let welcomeMessage = "Good morning,"

    /// The alert for each of the lesson's failure kinds: its final texts.
    ///
    /// - ``/BankeyClient/BankeyError/Kind/serverError``: `Server Error` / `We could not
    ///   process your request. Please try again.`
    /// - ``/BankeyClient/BankeyError/Kind/decodingError``: `Network Error` / `Ensure you
    ///   are connected to the internet. Please try again.`
    public nonisolated static func titleAndMessage(for kind: BankeyError.Kind) -> AlertViewModel {
        switch kind {
        case .serverError:
            AlertViewModel(title: "Server Error", message: "We could not process your request. Please try again.")
        case .decodingError:
            AlertViewModel(
                title: "Network Error", message: "Ensure you are connected to the internet. Please try again.")
        }
    }

    /// The customer whose accounts are shown.
    public let userId: String
    /// The locale for money and month names.
    public let locale: Locale
    /// The zone the header's date is read in.
    public let timeZone: TimeZone

    /// Where the screen is.
    public private(set) var state: LoadState = .idle
    /// The profile, once fetched.
    public private(set) var profile: Profile?
    /// The accounts, once fetched, in the server's order.
    public private(set) var accounts: [Account] = []
    /// What the header shows: `Welcome` until the profile arrives.
    public private(set) var headerViewModel: AccountSummaryHeaderView.ViewModel
    /// The alert to show, if any. A second failure while one is showing
    /// does not replace it: never two alerts at once.
    public private(set) var alert: AlertViewModel?
    /// What went wrong last, in full, for logs; the alert is what users
    /// see, chosen by the lesson's reading of it (`BankeyError(error).kind`).
    public private(set) var error: NetworkError?

    private let client: BankeyClient
    private let now: @Sendable () -> Date

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - client: The Bankey client.
    ///   - userId: The customer; the lesson's is `1`.
    ///   - locale: For money and month names; defaults to the user's.
    ///   - timeZone: For the header's date; defaults to the lesson's MDT.
    ///   - now: The header's date; injectable so tests are exact.
    public init(
        client: BankeyClient,
        userId: String = "1",
        locale: Locale = .current,
        timeZone: TimeZone = AccountSummaryHeaderView.ViewModel.lessonTimeZone,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.userId = userId
        self.locale = locale
        self.timeZone = timeZone
        self.now = now
        headerViewModel = AccountSummaryHeaderView.ViewModel(
            welcomeMessage: Self.placeholderWelcomeMessage, name: "", date: now(), timeZone: timeZone,
            locale: locale)
    }

    /// Whether the accounts are shown (the lesson's `isLoaded`).
    public var isLoaded: Bool {
        state == .loaded
    }

    /// Whether a fetch is running.
    public var isFetching: Bool {
        state == .loading || state == .refreshing
    }

    /// One view model per account, in the server's order.
    public var accountCellViewModels: [AccountSummaryCell.ViewModel] {
        accounts.map {
            AccountSummaryCell.ViewModel(accountType: $0.type, accountName: $0.name, balance: $0.amount, locale: locale)
        }
    }

    /// The table's rows: ``skeletonRowCount`` skeletons while fetching, the
    /// accounts once loaded, none after a failure.
    public var rows: [AccountSummaryRow] {
        if isFetching {
            return (0..<Self.skeletonRowCount).map(AccountSummaryRow.skeleton)
        }
        return zip(accounts, accountCellViewModels).map { .account(id: $0.id, $1) }
    }

    /// What the customer has: banking and investment balances, less what is
    /// owed on credit cards; `nil` until loaded. An account type this
    /// version does not know counts as held.
    public var total: Decimal? {
        guard isLoaded else { return nil }
        return accounts.reduce(Decimal(0)) { sum, account in
            account.type == .creditCard ? sum - account.amount : sum + account.amount
        }
    }

    /// ``total`` as money, such as `$963,565.01` for customer 1: `$964,028.67`
    /// held, less `$463.66` owed on cards.
    public var totalFormatted: String? {
        total.map { CurrencyFormatter(locale: locale).string(from: $0) }
    }

    /// Fetches the profile and the accounts together (the lesson's
    /// `viewDidLoad`), showing skeletons meanwhile. Does nothing while a
    /// fetch is already running.
    public func load() async {
        guard !isFetching else { return }
        reset()
        state = .loading
        await fetchData()
    }

    /// Pull to refresh: resets the screen to skeletons, then fetches again.
    /// Does nothing while a fetch is already running.
    public func refresh() async {
        guard !isFetching else { return }
        reset()
        state = .refreshing
        await fetchData()
    }

    /// The user closed the alert.
    public func dismissAlert() {
        alert = nil
    }

    /// The lesson's `reset()`: forget what was shown.
    private func reset() {
        profile = nil
        accounts = []
        headerViewModel = AccountSummaryHeaderView.ViewModel(
            welcomeMessage: Self.placeholderWelcomeMessage, name: "", date: now(), timeZone: timeZone,
            locale: locale)
    }

    private func fetchData() async {
        do throws(NetworkError) {
            // Both requests at once, the first failure cancelling the other:
            // the lesson's `DispatchGroup`, done once in the client.
            let summary = try await client.fetchSummary(forUserId: userId)
            profile = summary.profile
            accounts = summary.accounts
            headerViewModel = AccountSummaryHeaderView.ViewModel(
                welcomeMessage: Self.welcomeMessage, name: summary.profile.firstName, date: now(),
                timeZone: timeZone, locale: locale)
            error = nil
            state = .loaded
        } catch {
            self.error = error
            // A cancelled fetch is the caller's doing, not a failure to report.
            if case .cancelled = error {
                state = .idle
                return
            }
            if alert == nil {
                // The lesson's reading of the failure: one of its two alerts.
                alert = Self.titleAndMessage(for: BankeyError(error).kind)
            }
            state = .failed
        }
    }
}
