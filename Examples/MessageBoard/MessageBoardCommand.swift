import ArgumentParser
import ExampleSupport

/// The `message-board` example: lesson 3, the Message Board. It lists the
/// threads, creates one (a PUT), shows a thread's messages, and sends a
/// message (a POST), all through the Message Board's view models.
@main
struct MessageBoardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message-board",
        abstract: "Lesson 3, the λ Message Board: threads and their messages.",
        discussion: """
            By default it starts the Sandbox on a free loopback port, with the lesson's thread in \
            the lambda-message-board database, and keeps its data in the data directory, so a \
            thread created in one run is there in the next. --base-url sends the requests to any \
            server that speaks the Firebase Realtime Database REST API instead: a running `make \
            sandbox`, or a real https://<db>.firebaseio.com with FIREBASE_AUTH from the environment \
            or a .env file. The name you send as is remembered for the next `send`.
            """,
        subcommands: [ThreadsCommand.self, CreateThreadCommand.self, ShowCommand.self, SendCommand.self],
        defaultSubcommand: ThreadsCommand.self
    )
}
