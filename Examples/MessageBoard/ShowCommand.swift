import ArgumentParser
import ExampleSupport

/// `message-board show`: a thread's screen.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a thread's messages, oldest first, with their senders.")

    @Argument(help: "The thread: its title, its id, or the first characters of its id.")
    var thread: String

    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func run() async throws {
        await Self.show(thread: thread, dates: dates, options: backend)
    }

    @MainActor
    private static func show(thread reference: String, dates: DateDisplayOptions, options: BackendOptions) async {
        await Backend.run(options) { backend in
            let board = try BoardFlow.open(backend, options: options, dates: dates)
            try await BoardFlow.load(board)
            let detail = board.makeDetail(for: try BoardFlow.thread(reference, in: board))
            if options.json {
                try JSONOutput.print(ThreadDocument(detail))
            } else {
                print(BoardRenderer.thread(detail, terminal: .current))
            }
        }
    }
}
