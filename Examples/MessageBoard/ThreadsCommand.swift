import ArgumentParser
import ExampleSupport

/// `message-board threads`: the `λ Message Board` screen.
struct ThreadsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "threads", abstract: "List the threads, sorted by title.")

    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func run() async throws {
        await Self.threads(dates: dates, options: backend)
    }

    @MainActor
    private static func threads(dates: DateDisplayOptions, options: BackendOptions) async {
        await Backend.run(options) { backend in
            let board = try BoardFlow.open(backend, options: options, dates: dates)
            try await BoardFlow.load(board)
            if options.json {
                try JSONOutput.print(ThreadsDocument(board))
            } else {
                print(BoardRenderer.threads(board, terminal: .current))
            }
        }
    }
}
