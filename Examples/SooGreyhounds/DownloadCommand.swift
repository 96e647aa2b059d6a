import ArgumentParser
import ExampleSupport
import Foundation
import Models
import Networking
import ViewModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soogreyhounds download --to <folder>`: saves the gallery's images and an
/// HTML page of them.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Save the latest photos (or a search's) to a folder, with an index.html gallery page.",
        discussion: """
            Each image is checked to be a real JPEG, PNG, GIF or WebP, and its pixel size is read \
            from its own header. An image that fails is reported; the others are still saved, and \
            the command then exits with status 1. Images are written to disk as they arrive, one \
            at a time, each with its progress on standard error: a bar on a terminal, a line at \
            each quarter otherwise, and JSON lines with --json.
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
            let gallery = try await GalleryLoader.list(source, backend: backend, options: galleryOptions)
            let http = backend.sooGreyhoundsClient().http
            var names = ImageFileName()
            var cells: [PhotoCollectionViewCell.ViewModel] = []
            var saved: [String: String] = [:]
            for var cell in gallery.cells {
                let printer = TransferProgressPrinter("Downloading", file: cell.title, json: options.json)
                do {
                    let (image, name) = try await save(cell.photo, in: folder, using: http, names: &names) {
                        printer.show($0)
                    }
                    cell.imageState = .loaded(image)
                    saved[cell.id] = name
                } catch {
                    cell.imageState = .failed("\(error)")
                }
                printer.finish()
                cells.append(cell)
            }
            let page = folder.appendingPathComponent("index.html")
            try write(Data(galleryPage(gallery, cells: cells, saved: saved).html().utf8), to: page)
            if options.json {
                try JSONOutput.print(
                    DownloadDocument(
                        folder: folder.path, gallery: page.path,
                        photos: cells.map { GalleryOutput.PhotoEntry($0, file: saved[$0.id]) }))
            } else {
                print(render(gallery, cells: cells, saved: saved, page: page, terminal: .current))
            }
            let failed = cells.count - saved.count
            if failed > 0 {
                throw ExampleFailure(
                    "\(failed) of \(cells.count) images could not be downloaded; "
                        + "\(page.path) shows the other \(saved.count).")
            }
        }
    }

    /// Downloads one photo's image into `folder`, as it arrives, with its
    /// progress; checks it is an image, then names it for its title and
    /// format.
    ///
    /// - Returns: The image and its file's name.
    private static func save(
        _ photo: Photo, in folder: URL, using http: NetworkClient, names: inout ImageFileName,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> (RemoteImage, String) {
        // A hidden name until the format is known; `download` itself keeps
        // the bytes in a temporary file until they are whole.
        let staging = folder.appendingPathComponent(".\(UUID().uuidString).image")
        defer { try? FileManager.default.removeItem(at: staging) }
        _ = try await http.download(
            NetworkRequest<Data>.get(photo.remoteURL), to: staging, options: DownloadOptions(progress: progress))
        let image = try RemoteImage(data: Data(contentsOf: staging))
        let name = names.make(title: photo.title, photoID: photo.photoID, format: image.format)
        let destination = folder.appendingPathComponent(name)
        guard rename(staging.path, destination.path) == 0 else {
            throw ExampleFailure("Could not write \(destination.path): \(String(cString: strerror(errno)))")
        }
        return (image, name)
    }

    private static func write(_ data: Data, to file: URL) throws {
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw ExampleFailure("Could not write \(file.path): \(error.localizedDescription)")
        }
    }

    @MainActor
    private static func galleryPage(
        _ gallery: PhotosViewModel, cells: [PhotoCollectionViewCell.ViewModel], saved: [String: String]
    ) -> GalleryPage {
        let entries = cells.compactMap { cell -> GalleryPage.Entry? in
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
        _ gallery: PhotosViewModel, cells: [PhotoCollectionViewCell.ViewModel], saved: [String: String], page: URL,
        terminal: Terminal
    ) -> String {
        var table = TextTable(columns: [
            .init("#", alignment: .right), .init("Title"), .init("File"), .init("Pixels", alignment: .right),
            .init("Bytes", alignment: .right),
        ])
        for (index, cell) in cells.enumerated() {
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
