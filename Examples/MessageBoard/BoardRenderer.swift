import ExampleSupport
import ViewModels

/// Draws the board's screens as text: the `λ Message Board` list of
/// threads, and a thread's messages with their senders.
@MainActor
enum BoardRenderer {
    /// The threads screen: its title, then one row per thread.
    static func threads(_ board: MessageThreadsViewModel, terminal: Terminal) -> String {
        var table = TextTable(columns: [.init("Thread"), .init("Messages"), .init("ID")])
        for row in board.rows {
            table.append([row.title, row.detail, BoardFlow.shortID(row.identifier)])
        }
        let body =
            board.rows.isEmpty
            ? "No threads yet: create one with `create-thread <title>`." : table.render(using: terminal)
        return terminal.styled(board.title, .bold) + "\n\n" + body
    }

    /// A thread's screen: its title, then its messages, oldest first.
    static func thread(_ detail: MessageThreadDetailViewModel, terminal: Terminal) -> String {
        var table = TextTable(columns: [.init("Message"), .init("Sender"), .init("Sent")])
        for row in detail.rows {
            table.append([row.text, row.sender, row.dateFormatted])
        }
        let body = detail.rows.isEmpty ? "No messages yet: send one with `send`." : table.render(using: terminal)
        return terminal.styled(detail.title, .bold) + "\n\n" + body
    }
}
