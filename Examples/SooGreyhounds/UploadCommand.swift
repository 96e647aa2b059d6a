import ArgumentParser
import ExampleSupport
import Foundation
import Networking
import SooGreyhoundsClient

/// `soogreyhounds upload FILE…`: Flickr's upload API, one file at a time,
/// each with its progress, then the photo's place in the latest photos.
struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload photos (JPEG, PNG or GIF) with Flickr's upload API, showing each one's progress.",
        discussion: """
            Each file is sent as a multipart form, read from disk as it goes. Progress goes to \
            standard error: a bar on a terminal, a line at each quarter otherwise, and JSON lines \
            with --json (whose result document is on standard output). A file that fails is \
            reported; the others are still sent, and the command then exits with status 1.
            """
    )

    @Argument(help: ArgumentHelp("The photos to upload.", valueName: "file"))
    var files: [String]

    @Option(help: "The title (each file's name without its extension by default).")
    var title: String?

    @Option(help: "A description.")
    var description: String?

    @Option(help: "Tags, separated by spaces.")
    var tags: String?

    @Flag(help: "Keep the photos private: not listed by latest or search.")
    var `private` = false

    @OptionGroup var backend: BackendOptions

    @MainActor
    func run() async throws {
        let details = PhotoUpload(
            title: title, description: description,
            tags: (tags ?? "").split(separator: " ").map(String.init), isPublic: !`private`)
        let files = files.map { URL(fileURLWithPath: $0).standardizedFileURL }
        let json = backend.json
        await Backend.run(backend) { backend in
            let client = backend.sooGreyhoundsClient()
            var uploaded: [UploadDocument.Entry] = []
            var failures: [String] = []
            for file in files {
                let printer = TransferProgressPrinter("Uploading", file: file.lastPathComponent, json: json)
                do {
                    let id = try await client.uploadPhoto(fileAt: file, details) { printer.show($0) }
                    printer.finish()
                    let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
                    let bytes = (attributes?[.size] as? NSNumber)?.intValue ?? 0
                    uploaded.append(UploadDocument.Entry(file: file.path, photoID: id, bytes: bytes, isListed: false))
                } catch {
                    printer.finish()
                    failures.append("\(file.lastPathComponent): \(error)")
                }
            }
            let latest = Set(try await client.fetchLatestPhotos(perPage: max(1, uploaded.count)).map(\.id))
            for index in uploaded.indices {
                uploaded[index].isListed = latest.contains(uploaded[index].photoID)
            }
            if json {
                try JSONOutput.print(UploadDocument(uploaded: uploaded, failures: failures))
            } else {
                for entry in uploaded {
                    let place = entry.isListed ? "now among the latest photos" : "not listed (private)"
                    print("Uploaded \(entry.file) (\(entry.bytes) bytes) as photo \(entry.photoID), \(place)")
                }
            }
            if !failures.isEmpty {
                throw ExampleFailure(
                    "\(failures.count) of \(files.count) uploads failed: " + failures.joined(separator: "; "))
            }
        }
    }
}

/// `upload --json`.
struct UploadDocument: Encodable {
    struct Entry: Encodable {
        var file: String
        var photoID: String
        var bytes: Int
        /// Whether the photo is listed among the latest.
        var isListed: Bool
    }

    var uploaded: [Entry]
    var failures: [String]
}
