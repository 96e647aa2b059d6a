import Foundation
import Networking
import SandboxCore

/// SooGreyhounds' part of a Sandbox export, in `sandbox_export/soogreyhounds/`:
///
/// ```text
/// uploads.json     {"nextId": 3, "photos": [{"id", "title", "datetaken", "tags", "file",
///                   "description", "isPublic", "lastModified"}]}, newest first
/// images/<file>    each uploaded photo's bytes, under the file name its URL ends in
/// ```
///
/// The bundled catalogue is not exported: every Sandbox has it.
extension SooGreyhoundsEmulator: SandboxExporting {
    /// `soogreyhounds`.
    public var exportFolder: String { "soogreyhounds" }

    /// The uploaded photos, as the files above.
    public func exportFiles() async throws -> [String: Data] {
        let (photos, nextID) = uploads.snapshot
        var files: [String: Data] = [:]
        let entries: [JSON] = photos.map { photo in
            files["images/\(photo.file)"] = photo.image
            return [
                "id": .string(photo.id), "title": .string(photo.title), "datetaken": .string(photo.dateTaken),
                "tags": .array(photo.tags.map(JSON.string)), "file": .string(photo.file),
                "description": .string(photo.description), "isPublic": .bool(photo.isPublic),
                "lastModified": .number(photo.lastModified.timeIntervalSince1970),
            ]
        }
        files["uploads.json"] = JSON.object(["nextId": .number(Double(nextID)), "photos": .array(entries)])
            .serialized(pretty: true)
        return files
    }

    /// Replaces the uploads with the export's; each image is checked as an
    /// upload is (its size, its signature) and must have the file name an
    /// upload of its id and format gets.
    public func importFiles(_ files: [String: Data]) async throws {
        guard let listing = files["uploads.json"] else { return }
        guard let value = try? JSON.parse(listing, maxDepth: 16), let entries = value["photos"]?.arrayValue else {
            throw SandboxExportError("soogreyhounds/uploads.json is not {\"photos\": [...]}.")
        }
        var photos: [SooGreyhoundsPhoto] = []
        for entry in entries.prefix(SooGreyhoundsUploads.maxPhotos) {
            guard let photo = photo(entry, files) else {
                let name = entry["file"]?.stringValue ?? "?"
                throw SandboxExportError(
                    "soogreyhounds/uploads.json: the photo \(name) cannot be read, or images/\(name) is missing, "
                        + "too large or not an image of its name.")
            }
            photos.append(photo)
        }
        let next = value["nextId"]?.numberValue.flatMap { $0.isFinite && $0 >= 1 && $0 < 1e9 ? Int($0) : nil } ?? 1
        uploads.replace(with: photos, nextID: next)
    }

    private func photo(_ entry: JSON, _ files: [String: Data]) -> SooGreyhoundsPhoto? {
        guard let id = entry["id"]?.stringValue, id.utf8.allSatisfy({ (48...57).contains($0) }),
            let number = Int(id), number > 100_000,
            let file = entry["file"]?.stringValue, let image = files["images/\(file)"],
            !image.isEmpty, image.count <= configuration.maxPhotoSize,
            let format = ImageFormat(signatureOf: Array(image.prefix(12))), format != .webp,
            file == "\(id).\(format == .jpeg ? "jpg" : format.rawValue)",
            let modified = entry["lastModified"]?.numberValue, modified.isFinite
        else { return nil }
        return SooGreyhoundsPhoto(
            id: id, owner: "1", title: entry["title"]?.stringValue ?? "",
            dateTaken: entry["datetaken"]?.stringValue ?? SooGreyhoundsPhotoCatalog.dateText(Date()),
            tags: entry["tags"]?.arrayValue?.compactMap(\.stringValue) ?? [], file: file, image: image,
            etag: SooGreyhoundsPhotoCatalog.etag(image), lastModified: Date(timeIntervalSince1970: modified),
            description: entry["description"]?.stringValue ?? "", isPublic: entry["isPublic"]?.boolValue ?? true)
    }
}
