import Foundation
import Models
import Networking

/// Downloaded photos kept in memory and, optionally, on disk in a folder the
/// caller chooses: keyed by photo id, each tier with a byte limit, the least
/// recently used evicted first. The image cache the lesson after
/// SooGreyhounds builds, without UIKit.
///
/// ```swift
/// let cache = try ImageCache(configuration: .init(
///     memoryByteLimit: 20 << 20,
///     directory: cachesFolder.appending(path: "SooGreyhoundsImages"),
///     diskByteLimit: 100 << 20))
/// let store = PhotoStore(client: client, cache: cache)
/// ```
///
/// Each entry keeps the server's `ETag` and `Last-Modified`, and how long it
/// stays fresh (``Configuration/freshness``); ``PhotoStore`` uses a fresh
/// entry without a request and revalidates a stale one. A photo whose URL
/// changed is a miss. It is safe to use from any thread; disk reads and
/// writes happen under its lock.
public final class ImageCache: @unchecked Sendable {
    /// The limits, folder, freshness and clock it was made with.
    public let configuration: Configuration

    private let lock = NSLock()
    private var memory: MemoryImageStore
    private var disk: DiskImageStore?

    /// Creates a cache in memory only.
    public init(memoryByteLimit: Int = 50 << 20, freshness: Freshness = .server(default: .seconds(3600))) {
        configuration = Configuration(memoryByteLimit: memoryByteLimit, freshness: freshness)
        memory = MemoryImageStore(byteLimit: configuration.memoryByteLimit)
        disk = nil
    }

    /// Creates a cache, opening (and creating) its folder when it has one.
    ///
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` when the folder
    ///   cannot be created or listed.
    public init(configuration: Configuration) throws(NetworkError) {
        self.configuration = configuration
        memory = MemoryImageStore(byteLimit: configuration.memoryByteLimit)
        if let directory = configuration.directory {
            do {
                disk = try DiskImageStore(directory: directory, byteLimit: configuration.diskByteLimit)
            } catch {
                throw .fileFailed(FileFailure(.reading, directory, error: error))
            }
        } else {
            disk = nil
        }
    }

    /// The entry for a photo, fresh or not, from memory or else from disk
    /// (which puts it back in memory); `nil` when there is none for the
    /// photo's current URL.
    public func entry(for photo: Photo) -> CachedImage? {
        lookup(photo)?.entry
    }

    /// The entry for a photo and the tier it came from.
    func lookup(_ photo: Photo) -> (entry: CachedImage, source: ImageSource)? {
        lock.withLock {
            if let entry = memory.entry(for: photo.photoID) {
                guard entry.url == photo.remoteURL else { return nil }
                return (entry, .memory)
            }
            guard let entry = disk?.entry(for: photo.photoID), entry.url == photo.remoteURL else { return nil }
            memory.store(entry)
            return (entry, .disk)
        }
    }

    /// Keeps an entry in both tiers, replacing any for the same photo.
    public func store(_ entry: CachedImage) {
        lock.withLock {
            memory.store(entry)
            disk?.store(entry)
        }
    }

    /// Forgets a photo's image in both tiers.
    public func removeImage(forPhotoID photoID: String) {
        lock.withLock {
            memory.remove(photoID)
            disk?.remove(photoID)
        }
    }

    /// Empties both tiers, deleting the cache's files.
    public func removeAll() {
        lock.withLock {
            memory.removeAll()
            disk?.removeAll()
        }
    }

    /// The image bytes held in memory.
    public var memoryByteCount: Int { lock.withLock { memory.byteCount } }
    /// The number of images held in memory.
    public var memoryCount: Int { lock.withLock { memory.count } }
    /// The image bytes held on disk.
    public var diskByteCount: Int { lock.withLock { disk?.byteCount ?? 0 } }
    /// The number of images held on disk.
    public var diskCount: Int { lock.withLock { disk?.count ?? 0 } }

    /// Records that a photo's cached bytes were confirmed unchanged just
    /// now, with a new lifetime.
    func renew(_ entry: CachedImage) {
        lock.withLock {
            memory.store(entry)
            disk?.renew(entry.photoID, storedAt: entry.storedAt, freshFor: entry.freshFor)
        }
    }
}
