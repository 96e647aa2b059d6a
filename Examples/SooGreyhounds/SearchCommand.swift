import ArgumentParser
import ExampleSupport
import Foundation
import ViewModels

/// `soogreyhounds search <text>`: the gallery of a search.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Show the photos whose title or tags match the text, each with its image's pixel size."
    )

    @Argument(help: "What to look for, such as goalie or \"goal celebration\".")
    var text: String

    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("The search text must not be empty.")
        }
    }

    func run() async throws {
        await GalleryOutput.show(.search(text), gallery: gallery, options: backend)
    }
}
