import Foundation
import Models
import Networking

extension SooGreyhoundsClient {
    /// Downloads a photo's image and checks it is one: the lesson's
    /// `fetchImage(for:)`, without a cache (``PhotoStore`` adds one).
    ///
    /// - Returns: The bytes with their format and pixel size.
    /// - Throws: `NetworkError.notAnImage` when the bytes are not a JPEG,
    ///   PNG, GIF or WebP with a readable size (the lesson's
    ///   `imageCreationError`); otherwise the download's error.
    public func fetchImage(for photo: Photo) async throws(NetworkError) -> RemoteImage {
        try await http.send(NetworkRequest<RemoteImage>.image(photo.remoteURL))
    }

    /// Downloads an image, or learns it has not changed: with `cached`
    /// validators the request is conditional (`If-None-Match`,
    /// `If-Modified-Since`) and a 304, which `NetworkClient` hands back as the
    /// success it is, comes back as ``ImageDownload/notModified(_:)``.
    func downloadImage(from url: URL, revalidating cached: CachedImage?) async throws(NetworkError) -> ImageDownload {
        var request = NetworkRequest<RemoteImage>.image(url)
        if let etag = cached?.etag {
            request = request.header("If-None-Match", etag)
        }
        if let lastModified = cached?.lastModified {
            request = request.header("If-Modified-Since", lastModified)
        }
        let response = try await http.perform(http.makeTransportRequest(request), isIdempotent: true)
        if response.status == 304 {
            return .notModified(response.headers)
        }
        return .downloaded(try RemoteImage(data: response.body), response.headers)
    }
}

/// What an image request brought back.
enum ImageDownload: Sendable {
    /// New bytes, checked to be an image, with the response headers.
    case downloaded(RemoteImage, HeaderFields)
    /// 304: the cached bytes are still current; the headers may renew
    /// their freshness.
    case notModified(HeaderFields)
}
