import ArgumentParser
import ExampleSupport

/// The `post-feed` example: lesson 2, the global Post feed. It lists the
/// feed a page at a time, adds a post, reports one, and watches the feed
/// live, all through the Post feed's view models.
@main
struct PostFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post-feed",
        abstract: "Lesson 2, the global Post feed: list, add, report and watch posts.",
        discussion: """
            By default it starts the Sandbox on a free loopback port, with the lesson's 41 posts \
            in the devmtn-post database. --base-url sends the requests to any server that speaks \
            the Firebase Realtime Database REST API instead: a running `make sandbox`, or a real \
            https://<db>.firebaseio.com with FIREBASE_AUTH from the environment or a .env file. \
            Posts you hide and the newest post you saw are remembered in the data directory.
            """,
        subcommands: [ListCommand.self, AddCommand.self, ReportCommand.self, WatchCommand.self],
        defaultSubcommand: ListCommand.self
    )
}
