import Foundation
import ViewModels

/// `bankey --json`: the screen's display values, with exact amounts.
struct SummaryDocument: Encodable {
    struct Header: Encodable {
        var welcomeMessage: String
        var name: String
        var date: Date
        var dateFormatted: String
    }

    struct AccountRow: Encodable {
        var id: String
        var type: String
        var name: String
        var balanceLabel: String
        /// Exact, as the server wrote it: a JSON number with its digits.
        var balance: Decimal
        var balanceDollars: String
        var balanceCents: String
        var balanceFormatted: String
    }

    var userId: String
    var header: Header
    var accounts: [AccountRow]
    var total: Decimal?
    var totalFormatted: String?

    @MainActor
    init(_ screen: AccountSummaryViewModel) {
        let header = screen.headerViewModel
        userId = screen.userId
        self.header = Header(
            welcomeMessage: header.welcomeMessage, name: header.name, date: header.date,
            dateFormatted: header.dateFormatted)
        accounts = zip(screen.accounts, screen.accountCellViewModels).map { account, cell in
            AccountRow(
                id: account.id, type: cell.accountType.rawValue, name: cell.accountName,
                balanceLabel: cell.balanceLabel, balance: cell.balance, balanceDollars: cell.balanceDollars,
                balanceCents: cell.balanceCents, balanceFormatted: cell.balanceFormatted)
        }
        total = screen.total
        totalFormatted = screen.totalFormatted
    }
}
