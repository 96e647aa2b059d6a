import Foundation
import Networking
import SandboxCore

/// One photo: what the REST API says about it and the JPEG the image route
/// serves.
struct SooGreyhoundsPhoto: Sendable {
    var id: String
    var owner: String
    var title: String
    /// `yyyy-MM-dd HH:mm:ss`, no zone, as the lesson's server sent it.
    var dateTaken: String
    var tags: [String]
    var file: String
    var image: Data
    /// A strong validator derived from the bytes.
    var etag: String
    /// When the photo was taken, as the image's `Last-Modified`.
    var lastModified: Date
    /// What its uploader wrote about it.
    var description = ""
    /// Whether anyone may see it: only public photos are listed and found.
    var isPublic = true
}

/// The photos, newest first, from `Resources/soogreyhounds/photos.json` and
/// the JPEGs beside it (made by `scripts/make_images.py`).
struct SooGreyhoundsPhotoCatalog: Sendable {
    let photos: [SooGreyhoundsPhoto]
    private let byFile: [String: Int]

    init(photos: [SooGreyhoundsPhoto]) {
        self.photos = photos.sorted { $0.dateTaken > $1.dateTaken }
        byFile = Dictionary(
            self.photos.enumerated().map { ($1.file, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The bundled catalogue, read once per process: every `Sandbox` (tests
    /// make hundreds) shares it instead of reading and hashing the images again.
    static let bundled = load()

    /// Loads the bundled catalogue; photos whose image is missing are left
    /// out rather than advertised with a broken URL.
    private static func load() -> SooGreyhoundsPhotoCatalog {
        guard
            let data = SandboxResources.soogreyhounds.data("soogreyhounds/photos.json"),
            let entries = (try? JSON.parse(data))?["photos"]?.arrayValue
        else { return SooGreyhoundsPhotoCatalog(photos: []) }
        let photos = entries.compactMap { entry -> SooGreyhoundsPhoto? in
            guard let id = entry["id"]?.stringValue, let owner = entry["owner"]?.stringValue,
                let title = entry["title"]?.stringValue, let taken = entry["datetaken"]?.stringValue,
                let file = entry["file"]?.stringValue, let lastModified = Self.date(taken),
                let image = SandboxResources.soogreyhounds.data("soogreyhounds/images/\(file)")
            else { return nil }
            let tags = (entry["tags"]?.stringValue ?? "").split(separator: " ").map(String.init)
            return SooGreyhoundsPhoto(
                id: id, owner: owner, title: title, dateTaken: taken, tags: tags, file: file, image: image,
                etag: Self.etag(image), lastModified: lastModified)
        }
        return SooGreyhoundsPhotoCatalog(photos: photos)
    }

    /// The photo whose image file is exactly `name`. Lookups never build a
    /// file path from the request, so `..` in any spelling finds nothing.
    func photo(file name: String) -> SooGreyhoundsPhoto? {
        byFile[name].map { photos[$0] }
    }

    /// Of `photos`, those whose title, description or tags contain every
    /// word of `text`, ignoring case, like Flickr's free-text search.
    static func search(_ photos: [SooGreyhoundsPhoto], text: String) -> [SooGreyhoundsPhoto] {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        return photos.filter { photo in
            let haystack = ([photo.title, photo.description] + photo.tags).joined(separator: " ").lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
    }

    /// `yyyy-MM-dd HH:mm:ss` in UTC, as `datetaken` is written.
    static func dateText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    private static func date(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
        guard parts.count == 6 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(
            from: DateComponents(
                year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))
    }

    static func etag(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(String(data.count, radix: 16))\""
    }
}
