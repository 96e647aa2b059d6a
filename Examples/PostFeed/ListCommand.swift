import ArgumentParser
import ExampleSupport
import Foundation
import ViewModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `post-feed list`: the feed, newest first, a page of 15 at a time.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the feed, newest first, 15 posts a page.",
        discussion: """
            Posts newer than the newest one the last run showed are marked new. In a terminal, \
            without --pages, it offers the next page after each one, as the lesson's table view \
            loads it when the last row shows.
            """
    )

    @Option(help: "How many pages to show (default: 1, or one at a time on request in a terminal).")
    var pages: Int?

    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if let pages, pages < 1 {
            throw ValidationError("--pages must be 1 or more.")
        }
    }

    func run() async throws {
        let interactive =
            pages == nil && !backend.json && Terminal.current.isOutputTerminal && isatty(STDIN_FILENO) == 1
        await Self.list(pages: pages ?? 1, interactive: interactive, dates: dates, options: backend)
    }

    @MainActor
    private static func list(pages: Int, interactive: Bool, dates: DateDisplayOptions, options: BackendOptions) async {
        await Backend.run(options) { backend in
            let state = try PostFeedState(options: options)
            let screen = FeedFlow.open(backend, state: state, dates: dates)
            let terminal = Terminal.current
            try await FeedFlow.load(screen)
            var loaded = 1
            if interactive {
                print(FeedRenderer.table(screen.rows, terminal: terminal))
                while !screen.hasReachedEnd, askForMore() {
                    let shown = screen.rows.count
                    try await FeedFlow.nextPage(screen)
                    loaded += 1
                    print(FeedRenderer.table(Array(screen.rows.dropFirst(shown)), terminal: terminal))
                }
                print(FeedRenderer.footer(screen, pages: loaded, terminal: terminal))
            } else {
                while loaded < pages, !screen.hasReachedEnd {
                    try await FeedFlow.nextPage(screen)
                    loaded += 1
                }
                if options.json {
                    try JSONOutput.print(FeedDocument(screen))
                } else {
                    print(FeedRenderer.table(screen.rows, terminal: terminal))
                    print(FeedRenderer.footer(screen, pages: loaded, terminal: terminal))
                }
            }
            // What was shown is now seen: the next run cues only what is newer.
            screen.markAllAsSeen()
            try state.saveLastSeen(screen.lastSeen)
        }
    }

    /// Asks on standard error whether to load the next page.
    private static func askForMore() -> Bool {
        Terminal.writeToStandardError("More posts? [Y/n] ")
        guard let answer = readLine() else { return false }
        return !answer.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("n")
    }
}
