import Foundation
import Networking
import SandboxCore

/// The photos uploaded to an emulator, newest first, kept in memory for as
/// long as the emulator lives; a Sandbox export carries them.
///
/// The lock guards an array append and a copy of the array: no parsing or
/// hashing happens under it.
final class SooGreyhoundsUploads: @unchecked Sendable {
    private let lock = NSLock()
    private var photos: [SooGreyhoundsPhoto] = []
    private var nextID = 1

    /// The most photos kept; the oldest upload is forgotten past it, so an
    /// emulator that runs for days does not grow without bound.
    static let maxPhotos = 1_000

    /// The uploads, newest first.
    var all: [SooGreyhoundsPhoto] {
        lock.withLock { photos }
    }

    /// The uploads, newest first, and the number the next id is made from.
    var snapshot: (photos: [SooGreyhoundsPhoto], nextID: Int) {
        lock.withLock { (photos, nextID) }
    }

    /// Replaces the uploads with an export's (newest first, at most
    /// ``maxPhotos``); new ids continue after the highest of them.
    func replace(with imported: [SooGreyhoundsPhoto], nextID: Int) {
        let highest = imported.compactMap { Int($0.id) }.max().map { $0 - 100_000 } ?? 0
        lock.withLock {
            photos = Array(imported.prefix(Self.maxPhotos))
            self.nextID = max(nextID, highest + 1, 1)
        }
    }

    /// The uploaded photo whose image file is exactly `name`.
    func photo(file name: String) -> SooGreyhoundsPhoto? {
        lock.withLock { photos.first { $0.file == name } }
    }

    /// Adds a photo and returns it with its new id. Ids count up from
    /// 100001, clear of the bundled photos' small ones.
    func add(
        image: Data, format: ImageFormat, title: String, description: String, tags: [String], isPublic: Bool,
        now: Date = Date()
    ) -> SooGreyhoundsPhoto {
        let etag = SooGreyhoundsPhotoCatalog.etag(image)
        let taken = SooGreyhoundsPhotoCatalog.dateText(now)
        return lock.withLock {
            let id = String(100_000 + nextID)
            nextID += 1
            let photo = SooGreyhoundsPhoto(
                id: id, owner: "1", title: title, dateTaken: taken, tags: tags,
                file: "\(id).\(format == .jpeg ? "jpg" : format.rawValue)", image: image, etag: etag,
                lastModified: now, description: description, isPublic: isPublic)
            photos.insert(photo, at: 0)
            if photos.count > Self.maxPhotos { photos.removeLast() }
            return photo
        }
    }
}
