import ExampleSupport
import Foundation
import ViewModels

/// How the gallery prints: a title and a table of photos, or `--json`.
@MainActor
enum GalleryOutput {
    /// One photo in `--json` output, with its image's state.
    struct PhotoEntry: Encodable {
        var id: String
        var title: String
        var dateTaken: Date
        var dateTakenFormatted: String
        var remoteURL: String
        var image: ImageEntry
        var file: String?

        init(_ cell: PhotoCollectionViewCell.ViewModel, file: String? = nil) {
            id = cell.id
            title = cell.title
            dateTaken = cell.photo.dateTaken
            dateTakenFormatted = cell.dateTakenFormatted
            remoteURL = cell.photo.remoteURL.absoluteString
            image = ImageEntry(cell.imageState)
            self.file = file
        }
    }

    /// An image's state in `--json` output.
    struct ImageEntry: Encodable {
        var state: String
        var format: String?
        var width: Int?
        var height: Int?
        var bytes: Int?
        var message: String?

        init(_ state: PhotoImageState) {
            switch state {
            case .loading:
                self.state = "loading"
            case .loaded(let image):
                self.state = "loaded"
                format = image.format.rawValue
                width = image.width
                height = image.height
                bytes = image.data.count
            case .failed(let message):
                self.state = "failed"
                self.message = message
            }
        }
    }

    /// `latest --json` and `search --json`.
    struct GalleryDocument: Encodable {
        var title: String
        var search: String?
        var photos: [PhotoEntry]
    }

    /// Fetches the gallery and prints it.
    static func show(
        _ source: PhotosViewModel.Source, gallery galleryOptions: GalleryOptions, options: BackendOptions
    ) async {
        await Backend.run(options) { backend in
            let gallery = try await GalleryLoader.load(
                source, backend: backend, options: galleryOptions, progressTitle: "Loading images")
            if options.json {
                try JSONOutput.print(
                    GalleryDocument(
                        title: gallery.title, search: searchText(source), photos: gallery.cells.map { PhotoEntry($0) }))
            } else {
                print(render(gallery, terminal: .current))
            }
        }
    }

    /// The title line and the table: number, title, when taken, and the
    /// image's pixel size or why it failed.
    static func render(_ gallery: PhotosViewModel, terminal: Terminal) -> String {
        var table = TextTable(columns: [
            .init("#", alignment: .right), .init("Title"), .init("Taken"), .init("Image", alignment: .right),
        ])
        for (index, cell) in gallery.cells.enumerated() {
            table.append([String(index + 1), cell.title, cell.dateTakenFormatted, imageText(cell.imageState)])
        }
        return heading(gallery, terminal: terminal) + "\n\n" + table.render(using: terminal)
    }

    /// `Soo Greyhounds: latest photos (12)`.
    static func heading(_ gallery: PhotosViewModel, terminal: Terminal) -> String {
        let what =
            switch gallery.source {
            case .latest: "latest photos"
            case .search(let text): "photos matching \"\(text)\""
            }
        let count = gallery.photos.count == 1 ? "1 photo" : "\(gallery.photos.count) photos"
        return terminal.styled(gallery.title, .bold) + ": \(what) (\(count))"
    }

    /// `1600 × 1067`, or `failed: …`.
    static func imageText(_ state: PhotoImageState) -> String {
        switch state {
        case .loading: "loading"
        case .loaded: state.pixelSizeText ?? ""
        case .failed(let message): "failed: \(message)"
        }
    }

    static func searchText(_ source: PhotosViewModel.Source) -> String? {
        if case .search(let text) = source { return text }
        return nil
    }
}
