import ViewModels

/// `--json` for `threads` and `create-thread`: the screen's title and rows.
struct ThreadsDocument: Encodable {
    var title: String
    var threads: [MessageThreadCell.ViewModel]
    /// The thread just created, for `create-thread`.
    var created: MessageThreadCell.ViewModel?

    @MainActor
    init(_ board: MessageThreadsViewModel, created: MessageThreadCell.ViewModel? = nil) {
        title = board.title
        threads = board.rows
        self.created = created
    }
}

/// `--json` for `show` and `send`: a thread and its messages.
struct ThreadDocument: Encodable {
    var identifier: String
    var title: String
    var messages: [MessageCell.ViewModel]

    @MainActor
    init(_ detail: MessageThreadDetailViewModel) {
        identifier = detail.thread.identifier
        title = detail.title
        messages = detail.rows
    }
}
