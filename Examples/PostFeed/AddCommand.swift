import ArgumentParser
import ExampleSupport
import ViewModels

/// `post-feed add`: the lesson's new-post alert, from the command line.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Post a message to the feed.",
        discussion: """
            Like the lesson's alert, both fields are needed: a missing one is the lesson's \
            "Uh oh!" and nothing is sent. With --email, the post is written as that signed-in \
            user, as the secured rules in Examples/Rules/post-feed.rules.json require (the \
            display name must be the account's: --sign-up gives the new account --name).
            """
    )

    @Option(name: .customLong("name"), help: "Your display name (the lesson's \"Display name\").")
    var username = ""

    @Option(help: "The message (the lesson's \"What's up?\").")
    var text = ""

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func run() async throws {
        await Self.add(username: username, text: text, signIn: signIn, dates: dates, options: backend)
    }

    @MainActor
    private static func add(
        username: String, text: String, signIn: SignInOptions, dates: DateDisplayOptions, options: BackendOptions
    ) async {
        await Backend.run(options) { backend in
            let state = try PostFeedState(options: options)
            let session = try await backend.signIn(signIn, displayName: username)
            let screen = FeedFlow.open(backend, state: state, dates: dates, session: session)
            let form = screen.makeNewPostForm()
            form.username = username
            form.text = text
            let sent = await WaitIndicator.showing("Posting") { await form.post() }
            guard sent, let row = screen.rows.first(where: { $0.identifier == form.sentPost?.identifier }) else {
                var line = FeedFlow.line(form.alert, fallback: form.error)
                if let error = form.error {
                    // The lesson's alert cannot tell the two causes apart; a terminal can.
                    line += " (\(error.description))"
                }
                throw ExampleFailure(line)
            }
            if options.json {
                try JSONOutput.print(row)
            } else {
                print(FeedRenderer.table([row], terminal: .current))
            }
        }
    }
}
