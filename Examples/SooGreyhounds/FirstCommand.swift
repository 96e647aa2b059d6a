import ArgumentParser
import ExampleSupport
import Foundation
import ViewModels

/// `soogreyhounds first`: the screen lesson 5 ends on. It fetches the latest
/// photos, downloads the first one's image, checks that it is one, and
/// "shows" it: its title and real pixel size, and the image itself in a file
/// with `--save`.
struct FirstCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first",
        abstract: "The lesson's last screen: the first of the latest photos, downloaded and checked to be an image."
    )

    @Option(name: .long, help: "Write the image to this file, as the lesson's image view shows it.")
    var save: String?

    @OptionGroup var backend: BackendOptions

    @MainActor
    func run() async throws {
        await Backend.run(backend) { backend in
            let screen = FirstPhotoViewModel(store: backend.photoStore())
            await screen.load()
            // The lesson's console lines; an error's is the failure's own line.
            let lines = screen.error == nil ? screen.messages : screen.messages.dropLast()
            for line in lines {
                print(line)
            }
            if let error = screen.error {
                throw ExampleFailure(screen.messages.last ?? error.description)
            }
            guard case .showing(let photo, let image) = screen.state else { return }
            print("\(photo.title): \(image.format.rawValue.uppercased()), \(image.width) × \(image.height)")
            if let save {
                try image.data.write(to: URL(fileURLWithPath: save))
                print("Saved to \(save)")
            }
        }
    }
}
