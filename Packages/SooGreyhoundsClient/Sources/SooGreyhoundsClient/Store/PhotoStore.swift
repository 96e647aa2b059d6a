import Foundation
import Models
import Networking

/// The lesson's `PhotoStore`: it fetches photo lists and images, and keeps
/// images in an ``ImageCache``.
///
/// For ``fetchImage(for:)`` it
/// - answers from the cache with **no request** while the entry is fresh:
///   for as long as the server's `Cache-Control: max-age` says (not at all
///   for `no-cache`, as the Sandbox sends), one hour when it says nothing,
///   or as long as ``ImageCache/Configuration/freshness`` fixes;
/// - once the entry is stale, **revalidates** it with `If-None-Match` (the
///   `ETag`) and `If-Modified-Since`: a 304 renews the cached bytes without
///   downloading them again, a 200 replaces them; if the server cannot be
///   reached, the stale bytes are used rather than failing;
/// - **de-duplicates** downloads in flight: 20 callers asking for the same
///   photo at once share one request;
/// - checks the bytes are an image (JPEG, PNG, GIF or WebP with a readable
///   pixel size) before caching them, else throws `NetworkError.notAnImage`,
///   the lesson's `imageCreationError`.
///
/// ``fetchImages(for:maxConcurrent:)`` downloads many with a bound on how
/// many run at once.
///
/// ```swift
/// let store = PhotoStore(client: SooGreyhoundsClient())
/// let photos = try await store.fetchLatestPhotos()
/// let image = try await store.fetchImage(for: photos[0])
/// print(image.format, image.width, image.height)   // jpeg 1600 1067
/// ```
public actor PhotoStore {
    /// The web service client.
    public nonisolated let client: SooGreyhoundsClient
    /// Where images are kept.
    public nonisolated let cache: ImageCache

    private var inFlight: [String: (id: UUID, task: Task<Result<FetchedImage, NetworkError>, Never>)] = [:]

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - client: The web service client; defaults to the lesson's service.
    ///   - cache: Defaults to a 50 MiB memory-only cache.
    public init(client: SooGreyhoundsClient = SooGreyhoundsClient(), cache: ImageCache = ImageCache()) {
        self.client = client
        self.cache = cache
    }

    /// The latest photos, newest first: the client's
    /// ``SooGreyhoundsClient/fetchLatestPhotos(page:perPage:)``.
    public nonisolated func fetchLatestPhotos() async throws(NetworkError) -> [Photo] {
        try await client.fetchLatestPhotos()
    }

    /// Photos matching `text`: the client's
    /// ``SooGreyhoundsClient/searchPhotos(text:page:perPage:)``.
    public nonisolated func searchPhotos(text: String) async throws(NetworkError) -> [Photo] {
        try await client.searchPhotos(text: text)
    }

    /// The photo's image, from the cache when it is fresh, otherwise
    /// downloaded (or revalidated) once however many callers ask at once.
    ///
    /// A caller that is cancelled while a shared download runs still waits
    /// for it: the other callers need it.
    public func fetchImage(for photo: Photo) async throws(NetworkError) -> RemoteImage {
        try await loadImage(for: photo).image
    }

    /// The photo's image as ``fetchImage(for:)`` gets it, and where it came
    /// from: memory, disk, a revalidation, the network, or stale bytes
    /// because the server could not be reached. For counting cache hits:
    ///
    /// ```swift
    /// let fetched = try await store.loadImage(for: photo)
    /// if fetched.source.isCacheHit { hits += 1 }
    /// ```
    public func loadImage(for photo: Photo) async throws(NetworkError) -> FetchedImage {
        let now = cache.configuration.now()
        if let (entry, source) = cache.lookup(photo), entry.isFresh(at: now) {
            return FetchedImage(image: entry.image, source: source)
        }
        if let shared = inFlight[photo.photoID] {
            return try await shared.task.value.get()
        }
        let id = UUID()
        let task = Task { [client, cache] in
            await Self.load(photo, client: client, cache: cache)
        }
        inFlight[photo.photoID] = (id, task)
        let result = await task.value
        if inFlight[photo.photoID]?.id == id {
            inFlight[photo.photoID] = nil
        }
        return try result.get()
    }

    /// Downloads or revalidates one image and updates the cache.
    private static func load(
        _ photo: Photo,
        client: SooGreyhoundsClient,
        cache: ImageCache
    ) async -> Result<FetchedImage, NetworkError> {
        let found = cache.lookup(photo)
        let stale = found?.entry
        if let found, found.entry.isFresh(at: cache.configuration.now()) {
            return .success(FetchedImage(image: found.entry.image, source: found.source))
        }
        let download: ImageDownload
        do {
            download = try await client.downloadImage(
                from: photo.remoteURL, revalidating: stale.flatMap { $0.canRevalidate ? $0 : nil })
        } catch {
            if let stale, error.isUnreachable {
                return .success(FetchedImage(image: stale.image, source: .staleCache))
            }
            return .failure(error)
        }
        let now = cache.configuration.now()
        switch download {
        case .notModified(let headers):
            guard var entry = stale else { return .failure(.noData) }
            entry.storedAt = now
            entry.freshFor = CacheControl(headers).lifetime(under: cache.configuration.freshness) ?? .zero
            cache.renew(entry)
            return .success(FetchedImage(image: entry.image, source: .revalidated))
        case .downloaded(let image, let headers):
            if let lifetime = CacheControl(headers).lifetime(under: cache.configuration.freshness) {
                cache.store(
                    CachedImage(
                        photoID: photo.photoID, url: photo.remoteURL, image: image, etag: headers["ETag"],
                        lastModified: headers["Last-Modified"], storedAt: now, freshFor: lifetime))
            } else {
                cache.removeImage(forPhotoID: photo.photoID)
            }
            return .success(FetchedImage(image: image, source: .network))
        }
    }
}

extension NetworkError {
    /// The server could not be reached at all, so stale cached bytes are
    /// better than nothing.
    fileprivate var isUnreachable: Bool {
        switch self {
        case .notConnected, .cannotConnect, .timedOut, .connectionLost: true
        default: false
        }
    }
}
