import Foundation
import MessageBoardClient
import Models
import Networking
import Observation

/// Lesson 3's `MessageThreadsTableViewController`, without the table view:
/// the `λ Message Board` threads sorted by title, a header field that
/// creates a thread, and the way into a thread.
///
/// ```swift
/// let board = MessageThreadsViewModel(client: MessageBoardClient(firebase: firebase))
/// await board.load()                       // .loading, then .loaded
/// board.rows.map(\.title)                  // ["REST APIs"]
/// board.newThreadTitle = "PUT or POST?"
/// let thread = await board.createThread()  // a PUT; the row appears in title order
/// let detail = board.makeDetail(for: thread!)
/// ```
@MainActor
@Observable
public final class MessageThreadsViewModel {

    /// The navigation title, `λ Message Board` (the lesson's storyboard
    /// shows it double-encoded as `Î»`).
    public static let title = "λ Message Board"
    /// The alert title when the board cannot be fetched.
    public static let fetchFailedTitle = "Error Fetching Threads"
    /// The alert title when a thread cannot be created.
    public static let createFailedTitle = "Error Creating Thread"
    /// The alert when the header field is empty.
    public static let missingTitleAlert = AlertViewModel(
        title: "Missing Title", message: "Type a title for the new thread.")

    /// The board's client.
    public let client: MessageBoardClient
    /// How message dates are shown in a thread.
    public let format: TimestampFormat
    /// The name the composer fills in.
    public let senderNames: SenderNameStore

    /// The navigation title, `λ Message Board`.
    public var title: String { Self.title }
    /// The header field: the title of the thread to create.
    public var newThreadTitle = ""
    /// Where the screen is.
    public private(set) var state: LoadState = .idle
    /// The threads, sorted by title.
    public private(set) var rows: [MessageThreadCell.ViewModel] = []
    /// The threads behind the rows, with their messages.
    public private(set) var board = MessageBoard()
    /// Whether a thread is being created.
    public private(set) var isCreatingThread = false
    /// The alert to show, if any; one at a time.
    public private(set) var alert: AlertViewModel?
    /// The last failure, for a caller that reports it in its own words.
    public private(set) var error: NetworkError?
    /// Whether a request is in flight.
    public var isNetworkActivityIndicatorVisible: Bool {
        state == .loading || state == .refreshing || isCreatingThread
    }

    /// Sees every state the screen passes through, for tests.
    @ObservationIgnored var stateObserver: ((LoadState) -> Void)?

    /// Creates the screen.
    public init(
        client: MessageBoardClient,
        format: TimestampFormat = TimestampFormat(),
        senderNames: SenderNameStore = SenderNameStore()
    ) {
        self.client = client
        self.format = format
        self.senderNames = senderNames
    }

    /// Loads the board: on appear (the lesson's `viewWillAppear`), or to
    /// try again.
    public func load() async {
        await fetch(as: .loading)
    }

    /// Pull to refresh (the lesson's Go Further).
    public func refresh() async {
        await fetch(as: .refreshing)
    }

    /// Creates a thread titled ``newThreadTitle``: the header field's
    /// "Did End On Exit". The field empties and the row appears in title
    /// order.
    ///
    /// - Returns: The new thread, or `nil` with an alert.
    @discardableResult
    public func createThread() async -> MessageThread? {
        let title = newThreadTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
            showAlert(Self.missingTitleAlert)
            return nil
        }
        guard !isCreatingThread else { return nil }
        isCreatingThread = true
        defer { isCreatingThread = false }
        do {
            let thread = try await client.createMessageThread(title: title)
            newThreadTitle = ""
            update(thread)
            return thread
        } catch {
            self.error = error
            showAlert(AlertViewModel(title: Self.createFailedTitle, message: error.description))
            return nil
        }
    }

    /// The thread behind a row.
    public func thread(for row: MessageThreadCell.ViewModel) -> MessageThread? {
        board.thread(withIdentifier: row.identifier)
    }

    /// The screen of one thread; what is sent there shows here too.
    public func makeDetail(for thread: MessageThread) -> MessageThreadDetailViewModel {
        MessageThreadDetailViewModel(
            client: client, thread: thread, format: format, senderNames: senderNames
        ) { [weak self] changed in
            self?.update(changed)
        }
    }

    /// Takes in a thread created or changed elsewhere, in title order.
    public func update(_ thread: MessageThread) {
        board.insert(thread)
        rows = board.threads.map(MessageThreadCell.ViewModel.init)
    }

    /// Hides the alert.
    public func dismissAlert() {
        alert = nil
    }

    private func fetch(as phase: LoadState) async {
        guard state != .loading, state != .refreshing else { return }
        setState(phase)
        do {
            board = try await client.fetchMessageThreads()
            rows = board.threads.map(MessageThreadCell.ViewModel.init)
            setState(.loaded)
        } catch {
            self.error = error
            showAlert(AlertViewModel(title: Self.fetchFailedTitle, message: error.description))
            setState(.failed)
        }
    }

    private func showAlert(_ new: AlertViewModel) {
        if alert == nil {
            alert = new
        }
    }

    private func setState(_ new: LoadState) {
        state = new
        stateObserver?(new)
    }
}
