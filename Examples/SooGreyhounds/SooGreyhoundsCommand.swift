import ArgumentParser
import ExampleSupport

/// The `soogreyhounds` example: lesson 5, SooGreyhounds. It shows the photo
/// gallery (the latest photos or a search, each image with its real pixel
/// size) and downloads it to a folder with an HTML page.
@main
struct SooGreyhoundsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soogreyhounds",
        abstract: "Lesson 5, SooGreyhounds: the photo gallery, a search, downloads and uploads.",
        discussion: """
            By default it starts the Sandbox on a free loopback port. With --base-url it talks to \
            any server that speaks the SooGreyhounds API, with SOOGREYHOUNDS_API_KEY from the \
            environment or a .env file.
            """,
        subcommands: [
            LatestCommand.self, SearchCommand.self, DownloadCommand.self, UploadCommand.self, FirstCommand.self,
        ]
    )
}
