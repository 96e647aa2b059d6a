import Foundation
import Models
import Networking

extension PhotoStore {
    /// ``fetchLatestPhotos()`` with the lesson's completion: the result
    /// arrives on the main queue.
    ///
    /// ```swift
    /// store.fetchLatestPhotos { result in
    ///     switch result {
    ///     case .success(let photos): print("Successfully found \(photos.count) photos.")
    ///     case .failure(let error): print("Error fetching latest photos: \(error)")
    ///     }
    /// }
    /// ```
    @discardableResult
    public nonisolated func fetchLatestPhotos(
        completion: @escaping @MainActor @Sendable (Result<[Photo], NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in try await self.fetchLatestPhotos() }
    }

    /// ``fetchImage(for:)`` with the lesson's completion: the result
    /// arrives on the main queue, ready for an image view.
    @discardableResult
    public nonisolated func fetchImage(
        for photo: Photo,
        completion: @escaping @MainActor @Sendable (Result<RemoteImage, NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in try await self.fetchImage(for: photo) }
    }
}
