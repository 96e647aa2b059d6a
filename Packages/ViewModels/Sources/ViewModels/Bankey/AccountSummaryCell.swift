import Foundation
import Models

/// The lesson's account cell, as a namespace for its ``ViewModel``.
public enum AccountSummaryCell {
    /// What one account cell shows: the type, the name, the balance label
    /// for the type, and the balance as money.
    ///
    /// ```swift
    /// let cell = AccountSummaryCell.ViewModel(
    ///     accountType: .banking, accountName: "Basic Savings", balance: 929466.23,
    ///     locale: Locale(identifier: "en_US"))
    /// cell.balanceLabel                              // "Current balance"
    /// (cell.balanceDollars, cell.balanceCents)       // ("929,466", "23")
    /// cell.balanceFormatted                          // "$929,466.23"
    /// ```
    public struct ViewModel: Sendable, Hashable {
        /// The kind of account, which picks the label (and, on screen, the colour).
        public var accountType: AccountType
        /// The account's name, such as `Basic Savings`.
        public var accountName: String
        /// The balance, exact.
        public var balance: Decimal
        /// The locale for the currency symbol and separators.
        public var locale: Locale

        /// Creates a cell's view model.
        ///
        /// - Parameters:
        ///   - accountType: The kind of account, which picks the balance label.
        ///   - accountName: The account's name, shown as is.
        ///   - balance: The balance, exact.
        ///   - locale: Defaults to the user's; pin it (`en_US`) for the
        ///     lesson's `$`.
        public init(accountType: AccountType, accountName: String, balance: Decimal, locale: Locale = .current) {
            self.accountType = accountType
            self.accountName = accountName
            self.balance = balance
            self.locale = locale
        }

        /// The words above the balance: `Current balance` for banking,
        /// `Balance` for a credit card, `Value` for an investment, and
        /// `Balance` for a type this version does not know.
        public var balanceLabel: String {
            switch accountType {
            case .banking: "Current balance"
            case .creditCard: "Balance"
            case .investment: "Value"
            case .other: "Balance"
            }
        }

        /// The whole dollars, grouped and signed, such as `929,466`.
        public var balanceDollars: String {
            CurrencyFormatter(locale: locale).breakIntoDollarsAndCents(balance).dollars
        }

        /// The cents, always two digits, such as `23` or `05`.
        public var balanceCents: String {
            CurrencyFormatter(locale: locale).breakIntoDollarsAndCents(balance).cents
        }

        /// The currency symbol drawn before the dollars, such as `$`.
        public var currencySymbol: String {
            CurrencyFormatter(locale: locale).currencySymbol
        }

        /// The balance as one string, such as `$929,466.23`.
        public var balanceFormatted: String {
            CurrencyFormatter(locale: locale).string(from: balance)
        }
    }
}
