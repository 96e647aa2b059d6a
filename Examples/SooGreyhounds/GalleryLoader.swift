import ExampleSupport
import Foundation
import ViewModels

/// The gallery screen's flow: fetch the list, then every image with a
/// progress indicator on standard error.
@MainActor
enum GalleryLoader {
    /// The latest photos or a search, with their images fetched.
    ///
    /// - Throws: The screen's alert as one line when the list cannot be fetched.
    static func load(
        _ source: PhotosViewModel.Source,
        backend: Backend,
        options: GalleryOptions,
        progressTitle: String
    ) async throws -> PhotosViewModel {
        let gallery = try await list(source, backend: backend, options: options)
        let progress = ProgressIndicator(title: progressTitle, total: gallery.photos.count)
        await gallery.loadImages(maxConcurrent: options.maxConcurrent) { _ in progress.advance() }
        progress.finish()
        return gallery
    }

    /// The latest photos or a search, without their images.
    ///
    /// - Throws: The screen's alert as one line when the list cannot be fetched.
    static func list(
        _ source: PhotosViewModel.Source, backend: Backend, options: GalleryOptions
    ) async throws -> PhotosViewModel {
        let gallery = PhotosViewModel(store: backend.photoStore(), locale: options.displayLocale)
        await WaitIndicator.showing("Loading photos") {
            switch source {
            case .latest: await gallery.fetchLatestPhotos()
            case .search(let text): await gallery.searchPhotos(text: text)
            }
        }
        if let alert = gallery.alert {
            throw ExampleFailure("\(alert.title): \(alert.message)")
        }
        return gallery
    }
}
