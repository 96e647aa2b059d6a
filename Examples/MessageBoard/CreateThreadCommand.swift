import ArgumentParser
import ExampleSupport
import MessageBoardClient
import ViewModels

/// `message-board create-thread`: the header field of the threads screen.
struct CreateThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-thread",
        abstract: "Create a thread (a PUT under a new UUID) and list the threads.")

    @Argument(help: "The thread's title.")
    var title: String

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func run() async throws {
        await Self.create(title: title, signIn: signIn, dates: dates, options: backend)
    }

    @MainActor
    private static func create(
        title: String, signIn: SignInOptions, dates: DateDisplayOptions, options: BackendOptions
    ) async {
        await Backend.run(options) { backend in
            let session = try await backend.signIn(signIn, displayName: nil)
            let board = try BoardFlow.open(backend, options: options, dates: dates, session: session)
            try await BoardFlow.load(board)
            board.newThreadTitle = title
            let created = await WaitIndicator.showing("Creating the thread") { await board.createThread() }
            guard let created else {
                throw ExampleFailure(BoardFlow.line(board.alert))
            }
            if options.json {
                try JSONOutput.print(ThreadsDocument(board, created: MessageThreadCell.ViewModel(created)))
            } else {
                print("Created \"\(created.title)\" (\(created.identifier)).\n")
                print(BoardRenderer.threads(board, terminal: .current))
            }
        }
    }
}
