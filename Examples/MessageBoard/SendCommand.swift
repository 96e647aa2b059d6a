import ArgumentParser
import ExampleSupport

/// `message-board send`: the composer, then back to the thread.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a message to a thread (a POST) and show the thread.",
        discussion: """
            The name is remembered: leave out --name to send as the name used last time.
            """
    )

    @Argument(help: "The thread: its title, its id, or the first characters of its id.")
    var thread: String

    @Option(help: "Your name (the lesson's \"Enter your name:\"); the last one used by default.")
    var name: String?

    @Option(help: "The message.")
    var text = ""

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func run() async throws {
        await Self.send(thread: thread, name: name, text: text, signIn: signIn, dates: dates, options: backend)
    }

    @MainActor
    private static func send(
        thread reference: String, name: String?, text: String, signIn: SignInOptions, dates: DateDisplayOptions,
        options: BackendOptions
    ) async {
        await Backend.run(options) { backend in
            let session = try await backend.signIn(signIn, displayName: name)
            let board = try BoardFlow.open(backend, options: options, dates: dates, session: session)
            try await BoardFlow.load(board)
            let detail = board.makeDetail(for: try BoardFlow.thread(reference, in: board))
            let composer = detail.makeComposer()
            if let name {
                composer.name = name
            }
            composer.text = text
            await WaitIndicator.showing("Sending") { await composer.send() }
            guard composer.isFinished else {
                throw ExampleFailure(BoardFlow.line(composer.alert))
            }
            // Send returns to the thread, which shows the message last.
            if options.json {
                try JSONOutput.print(ThreadDocument(detail))
            } else {
                print(BoardRenderer.thread(detail, terminal: .current))
            }
        }
    }
}
