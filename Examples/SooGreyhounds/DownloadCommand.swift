import ArgumentParser
import ExampleSupport
import Foundation
import ViewModels

/// `soogreyhounds download --to <folder>`: saves the gallery's images and an
/// HTML page of them.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Save the latest photos (or a search's) to a folder, with an index.html gallery page.",
        discussion: """
            Each image is checked to be a real JPEG, PNG, GIF or WebP, and its pixel size is read \
            from its own header. An image that fails is reported; the others are still saved, and \
            the command then exits with status 1.
            """
    )

    @Option(
        name: .customLong("to"), help: ArgumentHelp("The folder to save into; created if needed.", valueName: "folder"))
    var folder: String

    @Option(help: "Download the photos matching this text instead of the latest.")
    var search: String?

    @OptionGroup var gallery: GalleryOptions
    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let source: PhotosViewModel.Source = search.map { .search($0) } ?? .latest
        let folderURL = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        await Self.download(source, to: folderURL, gallery: gallery, options: backend)
    }

    @MainActor
    private static func download(
        _ source: PhotosViewModel.Source, to folder: URL, gallery galleryOptions: GalleryOptions,
        options: BackendOptions
    ) async {
        await Backend.run(options) { backend in
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ExampleFailure("Could not create \(folder.path): \(error.localizedDescription)")
            }
            let gallery = try await GalleryLoader.load(
                source, backend: backend, options: galleryOptions, progressTitle: "Downloading")
            let saved = try save(gallery, to: folder)
            let page = folder.appendingPathComponent("index.html")
            try write(Data(galleryPage(gallery, saved: saved).html().utf8), to: page)
            if options.json {
                try JSONOutput.print(
                    DownloadDocument(
                        folder: folder.path, gallery: page.path,
                        photos: gallery.cells.map { GalleryOutput.PhotoEntry($0, file: saved[$0.id]) }))
            } else {
                print(render(gallery, saved: saved, page: page, terminal: .current))
            }
            let failed = gallery.cells.count - saved.count
            if failed > 0 {
                throw ExampleFailure(
                    "\(failed) of \(gallery.cells.count) images could not be downloaded; "
                        + "\(page.path) shows the other \(saved.count).")
            }
        }
    }

    /// Writes every loaded image; returns each saved photo's file name by id.
    @MainActor
    private static func save(_ gallery: PhotosViewModel, to folder: URL) throws -> [String: String] {
        var names = ImageFileName()
        var saved: [String: String] = [:]
        for cell in gallery.cells {
            guard let image = cell.imageState.image else { continue }
            let name = names.make(title: cell.title, photoID: cell.id, format: image.format)
            try write(image.data, to: folder.appendingPathComponent(name))
            saved[cell.id] = name
        }
        return saved
    }

    private static func write(_ data: Data, to file: URL) throws {
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw ExampleFailure("Could not write \(file.path): \(error.localizedDescription)")
        }
    }

    @MainActor
    private static func galleryPage(_ gallery: PhotosViewModel, saved: [String: String]) -> GalleryPage {
        let entries = gallery.cells.compactMap { cell -> GalleryPage.Entry? in
            guard let file = saved[cell.id], let image = cell.imageState.image else { return nil }
            return GalleryPage.Entry(
                file: file, title: cell.title, dateTaken: cell.dateTakenFormatted, width: image.width,
                height: image.height)
        }
        let what =
            switch gallery.source {
            case .latest: "The latest photos"
            case .search(let text): "Photos matching \"\(text)\""
            }
        let count = entries.count == 1 ? "1 image" : "\(entries.count) images"
        return GalleryPage(title: gallery.title, subtitle: "\(what), \(count).", entries: entries)
    }

    @MainActor
    private static func render(
        _ gallery: PhotosViewModel, saved: [String: String], page: URL, terminal: Terminal
    ) -> String {
        var table = TextTable(columns: [
            .init("#", alignment: .right), .init("Title"), .init("File"), .init("Pixels", alignment: .right),
            .init("Bytes", alignment: .right),
        ])
        for (index, cell) in gallery.cells.enumerated() {
            let bytes = cell.imageState.image.map { String($0.data.count) } ?? ""
            table.append([
                String(index + 1), cell.title, saved[cell.id] ?? "-", GalleryOutput.imageText(cell.imageState), bytes,
            ])
        }
        return GalleryOutput.heading(gallery, terminal: terminal) + "\n\n" + table.render(using: terminal) + "\n\n"
            + "Saved \(saved.count) images and the gallery page \(page.path)"
    }
}

/// `download --json`.
struct DownloadDocument: Encodable {
    var folder: String
    var gallery: String
    var photos: [GalleryOutput.PhotoEntry]
}
