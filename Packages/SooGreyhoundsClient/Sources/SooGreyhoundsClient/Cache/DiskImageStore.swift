import Foundation
import Networking

/// The disk tier: each image as two files in the cache's folder, the bytes
/// (`<name>.image`) and what is known about them (`<name>.json`), least
/// recently used evicted first once the bytes pass the limit.
///
/// Names come from the photo id but never are it: an id is server input,
/// and `../x` must not reach outside the folder (see ``fileName(for:)``).
/// Anything unreadable, truncated or not an image is treated as absent and
/// deleted, so a damaged folder costs a download, never a crash.
struct DiskImageStore {
    /// What the `.json` file holds.
    struct Metadata: Codable, Sendable {
        var photoID: String
        var url: URL
        var etag: String?
        var lastModified: String?
        var storedAt: Date
        var freshForMilliseconds: Int64
        var byteCount: Int
    }

    let directory: URL
    let byteLimit: Int
    private var index: [String: Metadata] = [:]
    private var lastUse: [String: Date] = [:]
    private(set) var byteCount = 0
    private let fileManager = FileManager.default

    /// Opens (creating if needed) the folder and indexes what it holds.
    init(directory: URL, byteLimit: Int) throws {
        self.directory = directory
        self.byteLimit = byteLimit
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        let decoder = JSONDecoder()
        for file in try fileManager.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        where file.pathExtension == "json" {
            let name = file.deletingPathExtension().lastPathComponent
            guard let data = try? Data(contentsOf: file),
                let metadata = try? decoder.decode(Metadata.self, from: data),
                Self.fileName(for: metadata.photoID) == name,
                fileManager.fileExists(atPath: imageURL(name).path)
            else {
                deleteFiles(name)
                continue
            }
            index[metadata.photoID] = metadata
            lastUse[metadata.photoID] = metadata.storedAt
            byteCount += metadata.byteCount
        }
        evict()
    }

    var count: Int { index.count }

    mutating func entry(for key: String) -> CachedImage? {
        guard let metadata = index[key] else { return nil }
        let name = Self.fileName(for: key)
        guard let data = try? Data(contentsOf: imageURL(name)), data.count == metadata.byteCount,
            let image = try? RemoteImage(data: data)
        else {
            remove(key)
            return nil
        }
        lastUse[key] = Date()
        return CachedImage(
            photoID: key, url: metadata.url, image: image, etag: metadata.etag, lastModified: metadata.lastModified,
            storedAt: metadata.storedAt, freshFor: .milliseconds(metadata.freshForMilliseconds))
    }

    /// Writes the entry (bytes first, so metadata never names missing
    /// bytes), then evicts until the rest fit. An entry alone over the
    /// limit, or a write that fails, leaves nothing behind.
    mutating func store(_ entry: CachedImage) {
        remove(entry.photoID)
        let size = entry.image.data.count
        guard size <= byteLimit else { return }
        let name = Self.fileName(for: entry.photoID)
        let metadata = Metadata(
            photoID: entry.photoID, url: entry.url, etag: entry.etag, lastModified: entry.lastModified,
            storedAt: entry.storedAt, freshForMilliseconds: Self.milliseconds(entry.freshFor), byteCount: size)
        do {
            try entry.image.data.write(to: imageURL(name), options: .atomic)
            try JSONEncoder().encode(metadata).write(to: metadataURL(name), options: .atomic)
        } catch {
            deleteFiles(name)
            return
        }
        index[entry.photoID] = metadata
        lastUse[entry.photoID] = Date()
        byteCount += size
        evict()
    }

    /// Records that cached bytes were confirmed unchanged.
    mutating func renew(_ key: String, storedAt: Date, freshFor: Duration) {
        guard var metadata = index[key] else { return }
        metadata.storedAt = storedAt
        metadata.freshForMilliseconds = Self.milliseconds(freshFor)
        guard let data = try? JSONEncoder().encode(metadata),
            (try? data.write(to: metadataURL(Self.fileName(for: key)), options: .atomic)) != nil
        else { return }
        index[key] = metadata
    }

    mutating func remove(_ key: String) {
        guard let removed = index.removeValue(forKey: key) else { return }
        byteCount -= removed.byteCount
        lastUse[key] = nil
        deleteFiles(Self.fileName(for: key))
    }

    mutating func removeAll() {
        for key in Array(index.keys) {
            remove(key)
        }
    }

    private mutating func evict() {
        while byteCount > byteLimit, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
            remove(oldest)
        }
    }

    /// A file name for a photo id: the id itself when it is short and made
    /// of letters, digits, `-` and `_` only (`p-42`), otherwise its UTF-8
    /// bytes in hex (`x-2e2e2f…`), hashed when that would be too long for a
    /// file system (`h-<fnv1a>-<length>`). The metadata keeps the real id,
    /// and a mismatch on reading is a miss.
    static func fileName(for photoID: String) -> String {
        let safe =
            !photoID.isEmpty && photoID.utf8.count <= 100
            && photoID.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
        if safe {
            return "p-" + photoID
        }
        if photoID.utf8.count <= 60 {
            return "x-" + photoID.utf8.map { String(format: "%02x", $0) }.joined()
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in photoID.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "h-" + String(hash, radix: 16) + "-" + String(photoID.utf8.count)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    private func imageURL(_ name: String) -> URL {
        directory.appendingPathComponent(name + ".image", isDirectory: false)
    }

    private func metadataURL(_ name: String) -> URL {
        directory.appendingPathComponent(name + ".json", isDirectory: false)
    }

    private func deleteFiles(_ name: String) {
        try? fileManager.removeItem(at: metadataURL(name))
        try? fileManager.removeItem(at: imageURL(name))
    }
}
