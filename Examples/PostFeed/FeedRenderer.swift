import ExampleSupport
import Foundation
import ViewModels

/// Draws feed rows as the lesson's table view shows them: the message and
/// `username - date`, with a `new` cue and the short id to report a post by.
@MainActor
enum FeedRenderer {
    /// The rows as an aligned table.
    static func table(_ rows: [PostCell.ViewModel], terminal: Terminal) -> String {
        // The cue column is there only when something is new.
        let cues = rows.contains(where: \.isNew)
        var table = TextTable(columns: (cues ? [.init("")] : []) + [.init("ID"), .init("Post"), .init("Posted")])
        for row in rows {
            let cells = [FeedFlow.shortID(row.identifier), row.text, row.detail]
            table.append(cues ? [row.isNew ? "new" : ""] + cells : cells)
        }
        // Colour goes on after alignment: TextTable measures characters, and
        // escape codes would count as some.
        var lines = table.render(using: terminal).components(separatedBy: "\n")
        for (index, row) in rows.enumerated() where row.isNew && index + 2 < lines.count {
            lines[index + 2] = terminal.styled("new", .yellow) + lines[index + 2].dropFirst(3)
        }
        return lines.joined(separator: "\n")
    }

    /// A dim line under the table: how far the feed goes, and what was
    /// skipped.
    static func footer(_ screen: PostFeedViewModel, pages: Int, terminal: Terminal) -> String {
        let count = screen.rows.count
        var text = "\(count) post\(count == 1 ? "" : "s"), newest first; "
        text += screen.hasReachedEnd ? "the end of the feed." : "more with --pages \(pages + 1)."
        if !screen.skipped.isEmpty {
            let count = screen.skipped.count
            text +=
                count == 1 ? " Skipped 1 entry that is not a post." : " Skipped \(count) entries that are not posts."
        }
        return terminal.styled(text, .dim)
    }

    /// One post arriving live, for `watch`.
    static func arrival(_ row: PostCell.ViewModel, terminal: Terminal) -> String {
        let cue = row.isNew ? terminal.styled("new", .yellow) + " " : ""
        return "\(cue)\(FeedFlow.shortID(row.identifier))  \(row.text)  \(terminal.styled(row.detail, .dim))"
    }
}
