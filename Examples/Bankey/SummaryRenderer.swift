import ExampleSupport
import ViewModels

/// Draws the account summary screen as text: the header's greeting and
/// date, then a table of the accounts with the total as its last row.
@MainActor
enum SummaryRenderer {
    static func render(_ screen: AccountSummaryViewModel, terminal: Terminal) -> String {
        let header = screen.headerViewModel
        var table = TextTable(columns: [
            .init("Type"), .init("Account"), .init("Label"), .init("Balance", alignment: .right),
        ])
        for cell in screen.accountCellViewModels {
            table.append([cell.accountType.rawValue, cell.accountName, cell.balanceLabel, cell.balanceFormatted])
        }
        if let total = screen.totalFormatted {
            table.append(["Total", "", "", total])
        }
        return [
            terminal.styled("\(header.welcomeMessage) \(header.name)", .bold),
            terminal.styled(header.dateFormatted, .dim),
            "",
            table.render(using: terminal),
        ].joined(separator: "\n")
    }
}
