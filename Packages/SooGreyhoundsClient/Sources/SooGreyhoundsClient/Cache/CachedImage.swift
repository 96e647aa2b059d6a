import Foundation
import Networking

/// An image in the cache: the checked bytes, where they came from, the
/// validators to ask whether they changed, and how long they stay fresh.
public struct CachedImage: Sendable, Hashable {
    /// The photo's id, the cache key.
    public var photoID: String
    /// The URL the bytes came from; a photo whose URL changed is a miss.
    public var url: URL
    /// The bytes, with their format and pixel size.
    public var image: RemoteImage
    /// The server's `ETag`, for `If-None-Match`.
    public var etag: String?
    /// The server's `Last-Modified`, for `If-Modified-Since`.
    public var lastModified: String?
    /// When the bytes were downloaded or last confirmed unchanged.
    public var storedAt: Date
    /// How long after ``storedAt`` they are used without asking the server.
    public var freshFor: Duration

    /// Creates an entry.
    public init(
        photoID: String, url: URL, image: RemoteImage, etag: String?, lastModified: String?, storedAt: Date,
        freshFor: Duration
    ) {
        self.photoID = photoID
        self.url = url
        self.image = image
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.freshFor = freshFor
    }

    /// Whether the bytes may be used at `date` without asking the server.
    public func isFresh(at date: Date) -> Bool {
        date.timeIntervalSince(storedAt) < Double(freshFor.components.seconds)
            + Double(freshFor.components.attoseconds) / 1e18
    }

    /// Whether the server can be asked if the bytes changed (it sent an
    /// `ETag` or a `Last-Modified`).
    public var canRevalidate: Bool {
        etag != nil || lastModified != nil
    }
}
