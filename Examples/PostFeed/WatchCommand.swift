import ArgumentParser
import ExampleSupport
import Foundation
import ViewModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `post-feed watch`: the feed live, the lesson's "streaming" black diamond.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch the feed live and print each new post as it arrives.",
        discussion: """
            It follows the feed over Firebase's server-sent events for --seconds, then stops. \
            With --json, each arriving post is one line of JSON. A stream that keeps failing \
            gives up after three reconnections and reports why.
            """
    )

    @Option(help: "How long to watch, in seconds.")
    var seconds = 10

    @OptionGroup var dates: DateDisplayOptions
    @OptionGroup var backend: BackendOptions

    func validate() throws {
        guard (1...86_400).contains(seconds) else {
            throw ValidationError("--seconds must be between 1 and 86400.")
        }
    }

    func run() async throws {
        await Self.watch(seconds: seconds, dates: dates, options: backend)
    }

    @MainActor
    private static func watch(seconds: Int, dates: DateDisplayOptions, options: BackendOptions) async {
        await Backend.run(options) { backend in
            let state = try PostFeedState(options: options)
            let screen = FeedFlow.open(backend, state: state, dates: dates)
            let terminal = Terminal.current
            try await FeedFlow.load(screen)
            if !options.json {
                print("Watching the feed for \(seconds) s; new posts appear below.")
                fflush(nil)
            }
            var known = Set(screen.rows.map(\.identifier))
            let live = Task { await screen.observeLiveUpdates() }
            let progress = ProgressIndicator(title: "Watching", total: seconds, terminal: terminal)
            let start = ContinuousClock.now
            var elapsed = 0
            while ContinuousClock.now - start < .seconds(seconds), screen.alert == nil {
                try await Task.sleep(for: .milliseconds(100))
                // Oldest first, so a burst reads in the order it was posted.
                let arrivals = screen.rows.reversed().filter { !known.contains($0.identifier) }
                if !arrivals.isEmpty {
                    progress.finish()
                    for row in arrivals {
                        known.insert(row.identifier)
                        print(options.json ? try jsonLine(row) : FeedRenderer.arrival(row, terminal: terminal))
                    }
                    fflush(nil)
                }
                while elapsed < Int((ContinuousClock.now - start).components.seconds) {
                    elapsed += 1
                    progress.advance()
                }
            }
            live.cancel()
            await live.value
            progress.finish()
            if screen.alert != nil {
                throw ExampleFailure(FeedFlow.line(screen.alert, fallback: screen.error))
            }
            if !options.json {
                print("Stopped after \(seconds) s.")
            }
            screen.markAllAsSeen()
            try state.saveLastSeen(screen.lastSeen)
        }
    }

    /// A row as one compact line of JSON.
    private static func jsonLine(_ row: PostCell.ViewModel) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(row), as: UTF8.self)
    }
}
