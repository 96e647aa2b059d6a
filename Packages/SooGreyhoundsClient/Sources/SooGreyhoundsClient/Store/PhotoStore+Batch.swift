import Models
import Networking

extension PhotoStore {
    /// The images of many photos, at most `maxConcurrent` downloading at
    /// once, each result at its photo's position.
    ///
    /// A grid of photos asks for all its images at once; this keeps the
    /// connections (and the server) from being flooded. Cached images
    /// return at once; a photo listed twice is downloaded once.
    ///
    /// ```swift
    /// let images = await store.fetchImages(for: photos, maxConcurrent: 4)
    /// for (photo, result) in zip(photos, images) { … }
    /// ```
    public nonisolated func fetchImages(
        for photos: [Photo],
        maxConcurrent: Int = 4
    ) async -> [Result<RemoteImage, NetworkError>] {
        let limit = max(1, maxConcurrent)
        var results = [Result<RemoteImage, NetworkError>](repeating: .failure(.cancelled), count: photos.count)
        await withTaskGroup(of: (Int, Result<RemoteImage, NetworkError>).self) { group in
            var next = 0
            while next < min(limit, photos.count) {
                let index = next
                group.addTask { (index, await self.imageResult(for: photos[index])) }
                next += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < photos.count {
                    let index = next
                    group.addTask { (index, await self.imageResult(for: photos[index])) }
                    next += 1
                }
            }
        }
        return results
    }

    private func imageResult(for photo: Photo) async -> Result<RemoteImage, NetworkError> {
        await Result.capturing { () async throws(NetworkError) in try await fetchImage(for: photo) }
    }
}
