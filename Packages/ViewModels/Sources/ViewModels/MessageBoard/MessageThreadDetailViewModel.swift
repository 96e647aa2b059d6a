import Foundation
import MessageBoardClient
import Models
import Networking
import Observation

/// Lesson 3's `MessageThreadDetailTableViewController`, without the table
/// view: a thread's messages in chronological order, each with its text
/// and sender, and the way to the composer.
///
/// ```swift
/// let detail = board.makeDetail(for: thread)
/// detail.title                      // "REST APIs"
/// detail.rows.first?.sender         // "Spencer"
/// let composer = detail.makeComposer()
/// ```
@MainActor
@Observable
public final class MessageThreadDetailViewModel {

    /// The alert title when the thread cannot be read again.
    public static let fetchFailedTitle = "Error Fetching Messages"
    /// The alert title when the live stream fails for good.
    public static let liveUpdatesFailedTitle = "Live Updates Stopped"

    /// The board's client.
    public let client: MessageBoardClient
    /// How message dates are shown.
    public let format: TimestampFormat
    /// The name the composer fills in.
    public let senderNames: SenderNameStore

    /// The thread, with its messages oldest first.
    public private(set) var thread: MessageThread
    /// The messages, oldest first.
    public private(set) var rows: [MessageCell.ViewModel] = []
    /// Where the screen is.
    public private(set) var state: LoadState = .loaded
    /// The alert to show, if any; one at a time.
    public private(set) var alert: AlertViewModel?
    /// The last failure, for a caller that reports it in its own words.
    public private(set) var error: NetworkError?

    private let onChange: @MainActor (MessageThread) -> Void
    /// Sees every state the screen passes through, for tests.
    @ObservationIgnored var stateObserver: ((LoadState) -> Void)?

    /// Creates the screen of `thread`; `onChange` hears of every new
    /// version of it (a message sent, a refresh), so the list can follow.
    public init(
        client: MessageBoardClient,
        thread: MessageThread,
        format: TimestampFormat = TimestampFormat(),
        senderNames: SenderNameStore = SenderNameStore(),
        onChange: @escaping @MainActor (MessageThread) -> Void = { _ in }
    ) {
        self.client = client
        self.thread = thread
        self.format = format
        self.senderNames = senderNames
        self.onChange = onChange
        rows = thread.messages.map { MessageCell.ViewModel($0, format: format) }
    }

    /// The navigation title: the thread's title.
    public var title: String { thread.title }

    /// Reads the thread again: the lesson's `viewWillAppear` reload, with
    /// what others sent since.
    public func refresh() async {
        guard state != .refreshing else { return }
        setState(.refreshing)
        do throws(NetworkError) {
            let board = try await client.fetchMessageThreads()
            if let current = board.thread(withIdentifier: thread.identifier) {
                update(current)
            }
            setState(.loaded)
        } catch {
            fail(error, title: Self.fetchFailedTitle)
            setState(.failed)
        }
    }

    /// Follows the thread live until the calling task is cancelled.
    public func observeMessages() async {
        do throws(NetworkError) {
            for try await current in client.messageUpdates(in: thread) {
                update(current)
            }
        } catch {
            fail(error, title: Self.liveUpdatesFailedTitle)
        }
    }

    /// The composer for this thread (the Add button); a message sent there
    /// shows here when the composer closes.
    public func makeComposer() -> MessageComposerViewModel {
        MessageComposerViewModel(client: client, thread: thread, senderNames: senderNames) { [weak self] sent in
            self?.update(sent)
        }
    }

    /// Hides the alert.
    public func dismissAlert() {
        alert = nil
    }

    /// Takes in a newer version of the thread.
    func update(_ current: MessageThread) {
        thread = current
        rows = current.messages.map { MessageCell.ViewModel($0, format: format) }
        onChange(current)
    }

    private func fail(_ error: NetworkError, title: String) {
        self.error = error
        if alert == nil {
            alert = AlertViewModel(title: title, message: error.description)
        }
    }

    private func setState(_ new: LoadState) {
        state = new
        stateObserver?(new)
    }
}
