import ExampleSupport
import FirebaseAuthClient
import Foundation
import Models
import ViewModels

/// The board's screens as the commands use them: open the threads screen
/// with the remembered sender name, load it, find a thread, and turn a
/// failed step into one clear line.
@MainActor
enum BoardFlow {
    /// The threads screen on `backend`; the sender's name is remembered in
    /// `message-board/sender-name.txt` under the data directory.
    static func open(
        _ backend: Backend, options: BackendOptions, dates: DateDisplayOptions, session: FirebaseAuthSession? = nil
    ) throws -> MessageThreadsViewModel {
        let directory = try options.stateDirectory(named: "message-board")
        return MessageThreadsViewModel(
            client: backend.messageBoardClient(session: session),
            format: TimestampFormat(locale: dates.locale, timeZone: dates.timeZone),
            senderNames: SenderNameStore(fileURL: directory.appendingPathComponent("sender-name.txt"))
        )
    }

    /// The threads, as the screen's `viewWillAppear` loads them.
    static func load(_ board: MessageThreadsViewModel) async throws {
        await WaitIndicator.showing("Loading threads") { await board.load() }
        if board.state == .failed {
            throw ExampleFailure(line(board.alert))
        }
    }

    /// The thread named by `reference`: its id, the first characters of its
    /// id (at least 4), or its title (ignoring case).
    ///
    /// - Throws: When nothing matches, or more than one thread does.
    static func thread(_ reference: String, in board: MessageThreadsViewModel) throws -> MessageThread {
        let threads = board.board.threads
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        let byID = threads.filter { $0.identifier.caseInsensitiveCompare(wanted) == .orderedSame }
        let byTitle = threads.filter { $0.title.caseInsensitiveCompare(wanted) == .orderedSame }
        let byPrefix =
            wanted.count >= 4 ? threads.filter { $0.identifier.uppercased().hasPrefix(wanted.uppercased()) } : []
        for matches in [byID, byTitle, byPrefix] where !matches.isEmpty {
            guard matches.count == 1, let match = matches.first else {
                throw ExampleFailure(
                    "\"\(reference)\" matches \(matches.count) threads; use the id `threads` shows instead.")
            }
            return match
        }
        throw ExampleFailure("No thread is titled \"\(reference)\" or has that id; `threads` lists them.")
    }

    /// `Title: message`, the alert as one line.
    static func line(_ alert: AlertViewModel?) -> String {
        guard let alert else { return "Something went wrong." }
        return "\(alert.title): \(alert.message)"
    }

    /// The first eight characters of a thread's id, enough to name it.
    static func shortID(_ identifier: String) -> String {
        String(identifier.prefix(8))
    }
}
