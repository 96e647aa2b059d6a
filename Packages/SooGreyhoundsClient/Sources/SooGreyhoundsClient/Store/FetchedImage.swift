import Networking

/// An image ``PhotoStore/loadImage(for:)`` got, and where it came from.
public struct FetchedImage: Sendable, Hashable {
    /// The image.
    public var image: RemoteImage
    /// Where it came from.
    public var source: ImageSource

    /// Creates a fetched image.
    public init(image: RemoteImage, source: ImageSource) {
        self.image = image
        self.source = source
    }
}

/// Where a ``PhotoStore`` found an image.
public enum ImageSource: String, Sendable, Hashable, CaseIterable {
    /// The memory cache, fresh: no request.
    case memory
    /// The disk cache, fresh: no request (now in memory too).
    case disk
    /// The cache, after the server answered `304 Not Modified` to a
    /// conditional request: one request, no image bytes.
    case revalidated
    /// Downloaded.
    case network
    /// The cache, stale, because the server could not be reached.
    case staleCache

    /// Whether the bytes came from the cache (with or without asking the
    /// server whether they are current).
    public var isCacheHit: Bool {
        self != .network
    }
}
