import ArgumentParser
import ExampleSupport
import ViewModels

/// `post-feed report`: report a post to the feed's moderators and hide it.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report a post and hide it from this feed, now and in later runs.",
        discussion: "The post is found by its id, or the first characters of it as `list` shows them."
    )

    @Argument(help: "The post's id, or its first characters (at least 4).")
    var id: String

    @Option(help: "Why the post is reported.")
    var reason = "Reported from the post-feed example"

    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if id.count < 4 {
            throw ValidationError("Give at least the first 4 characters of the post's id.")
        }
    }

    func run() async throws {
        await Self.report(id: id, reason: reason, dates: dates, options: backend)
    }

    @MainActor
    private static func report(id: String, reason: String, dates: DateDisplayOptions, options: BackendOptions) async {
        await Backend.run(options) { backend in
            let state = try PostFeedState(options: options)
            let screen = FeedFlow.open(backend, state: state, dates: dates)
            try await FeedFlow.load(screen)
            let row = try await FeedFlow.find(id, in: screen)
            let recorded = await WaitIndicator.showing("Reporting") { await screen.report(row, reason: reason) }
            guard recorded else {
                throw ExampleFailure(
                    FeedFlow.line(screen.alert, fallback: screen.error) + " The post stays hidden.")
            }
            if options.json {
                try JSONOutput.print(ReportDocument(post: row, reason: reason, hidden: true))
            } else {
                print(FeedRenderer.table([row], terminal: .current))
                print("Reported (\(reason)) and hidden: it will not be listed again here.")
            }
        }
    }
}

/// `--json` for `report`.
struct ReportDocument: Encodable {
    var post: PostCell.ViewModel
    var reason: String
    var hidden: Bool
}
