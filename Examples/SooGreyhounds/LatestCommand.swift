import ArgumentParser
import ExampleSupport
import ViewModels

/// `soogreyhounds latest`: the gallery of the latest photos.
struct LatestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latest",
        abstract: "Show the latest photos, newest first, each with its image's pixel size."
    )

    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var backend: BackendOptions

    func run() async throws {
        await GalleryOutput.show(.latest, gallery: gallery, options: backend)
    }
}
