import Foundation
import Models
import Networking
import Observation
import SooGreyhoundsClient

/// The lesson's photo gallery, titled `Soo Greyhounds`: the latest photos
/// or a search, each with its own image state.
///
/// ```swift
/// let gallery = PhotosViewModel(store: PhotoStore(client: client))
/// await gallery.fetchLatestPhotos()
/// await gallery.loadImages(maxConcurrent: 4)
/// gallery.cells.first?.imageState.pixelSizeText   // "1600 × 1067"
/// ```
///
/// One owner for each piece: the ``/SooGreyhoundsClient/PhotoStore`` owns
/// the image cache and the downloads in flight, so screens sharing it never
/// fetch one image twice; this screen owns which photos it shows and each
/// cell's state. A cell's state holds the image it shows, as an image view
/// holds its image, because the cache may evict one still on screen; it is
/// never read back into the store.
///
/// States: ``LoadState/idle`` → ``LoadState/loading`` → ``LoadState/loaded`` or
/// ``LoadState/failed``; ``refresh()`` is ``LoadState/refreshing`` and keeps the
/// photos (and the images already here) on screen meanwhile.
@MainActor
@Observable
public final class PhotosViewModel {

    /// Which photos the gallery shows.
    public enum Source: Sendable, Hashable {
        /// The latest photos, newest first.
        case latest
        /// Photos whose title or tags match the text.
        case search(String)
    }

    /// The navigation bar's title, as in the lesson.
    public static let title = "Soo Greyhounds"
    /// The alert title when the latest photos cannot be fetched, after the
    /// lesson's `Error fetching latest photos`.
    public static let latestPhotosErrorTitle = "Error fetching latest photos"
    /// The alert title when a search fails.
    public static let searchErrorTitle = "Error searching photos"

    /// Where photos and images come from.
    public let store: PhotoStore
    /// The zone dates are shown in.
    public let timeZone: TimeZone
    /// The locale for month names.
    public let locale: Locale

    /// Where the gallery is.
    public private(set) var state: LoadState = .idle
    /// Which photos are (or are being) fetched.
    public private(set) var source: Source = .latest
    /// The photos, in the service's order.
    public private(set) var photos: [Photo] = []
    /// Each photo's image state, by photo id.
    public private(set) var imageStates: [String: PhotoImageState] = [:]
    /// The alert to show, if any; a second failure does not replace it.
    public private(set) var alert: AlertViewModel?
    /// What went wrong last, in full.
    public private(set) var error: NetworkError?

    /// Creates the gallery.
    ///
    /// - Parameters:
    ///   - store: Where photos and images come from.
    ///   - timeZone: The zone dates are shown in; by default the one the
    ///     store's client reads them in, so the time shown is the one the
    ///     service wrote.
    ///   - locale: For month names; the user's by default.
    public init(store: PhotoStore, timeZone: TimeZone? = nil, locale: Locale = .current) {
        self.store = store
        self.timeZone = timeZone ?? store.client.configuration.dateTimeZone
        self.locale = locale
    }

    /// The navigation bar's title, `Soo Greyhounds`.
    public var title: String {
        Self.title
    }

    /// Whether a list fetch is running.
    public var isFetching: Bool {
        state == .loading || state == .refreshing
    }

    /// One cell per photo, in order.
    public var cells: [PhotoCollectionViewCell.ViewModel] {
        photos.map { cell(for: $0) }
    }

    /// A photo's image state; `.loading` until its download ends.
    public func imageState(for photoID: String) -> PhotoImageState {
        imageStates[photoID] ?? .loading
    }

    /// The latest photos: the lesson's `fetchLatestPhotos`.
    public func fetchLatestPhotos() async {
        await fetch(.latest, state: .loading)
    }

    /// Photos matching `text`, such as `goalie`.
    public func searchPhotos(text: String) async {
        await fetch(.search(text), state: .loading)
    }

    /// Fetches the same list again, keeping what is shown meanwhile.
    public func refresh() async {
        await fetch(source, state: photos.isEmpty ? .loading : .refreshing)
    }

    /// Downloads one photo's image (the cache answers when it can) and
    /// records its state. An image already here is left alone.
    public func loadImage(for photoID: String) async {
        guard let photo = photos.first(where: { $0.photoID == photoID }) else { return }
        if case .loaded = imageState(for: photoID) { return }
        imageStates[photoID] = .loading
        do throws(NetworkError) {
            imageStates[photoID] = .loaded(try await store.fetchImage(for: photo))
        } catch {
            imageStates[photoID] = .failed(error.description)
        }
    }

    /// Downloads every photo's image, at most `maxConcurrent` at once, each
    /// state updated as its download ends.
    ///
    /// - Parameters:
    ///   - maxConcurrent: How many downloads run at once.
    ///   - onEach: Called with a photo's cell as its image arrives or
    ///     fails, in completion order: for a progress indicator.
    public func loadImages(
        maxConcurrent: Int = 4,
        onEach: (@MainActor (PhotoCollectionViewCell.ViewModel) -> Void)? = nil
    ) async {
        var pending = photos.map(\.photoID).makeIterator()
        await withTaskGroup(of: String.self) { group in
            for _ in 0..<max(1, maxConcurrent) {
                guard let id = pending.next() else { break }
                group.addTask { await self.loadImageReturningID(id) }
            }
            while let finished = await group.next() {
                if let photo = photos.first(where: { $0.photoID == finished }) {
                    onEach?(cell(for: photo))
                }
                if let id = pending.next() {
                    group.addTask { await self.loadImageReturningID(id) }
                }
            }
        }
    }

    /// The detail screen for a photo, sharing the store (and so the cached
    /// image) and what is known of the image.
    public func photoInfoViewModel(for photoID: String) -> PhotoInfoViewModel? {
        guard let photo = photos.first(where: { $0.photoID == photoID }) else { return nil }
        return PhotoInfoViewModel(
            photo: photo, store: store, imageState: imageState(for: photoID), timeZone: timeZone, locale: locale)
    }

    /// The user closed the alert.
    public func dismissAlert() {
        alert = nil
    }

    private func loadImageReturningID(_ photoID: String) async -> String {
        await loadImage(for: photoID)
        return photoID
    }

    private func cell(for photo: Photo) -> PhotoCollectionViewCell.ViewModel {
        PhotoCollectionViewCell.ViewModel(
            photo: photo, imageState: imageState(for: photo.photoID), timeZone: timeZone, locale: locale)
    }

    private func fetch(_ newSource: Source, state newState: LoadState) async {
        guard !isFetching else { return }
        if newSource != source {
            photos = []
            imageStates = [:]
        }
        source = newSource
        state = newState
        do throws(NetworkError) {
            let fetched: [Photo]
            switch newSource {
            case .latest: fetched = try await store.fetchLatestPhotos()
            case .search(let text): fetched = try await store.searchPhotos(text: text)
            }
            // Images already here stay, so a refresh does not blank them.
            let kept = Set(fetched.map(\.photoID))
            imageStates = imageStates.filter { kept.contains($0.key) && $0.value.image != nil }
            photos = fetched
            error = nil
            state = .loaded
        } catch {
            self.error = error
            if case .cancelled = error {
                state = photos.isEmpty ? .idle : .loaded
                return
            }
            if alert == nil {
                let title = newSource == .latest ? Self.latestPhotosErrorTitle : Self.searchErrorTitle
                alert = AlertViewModel(title: title, message: error.description)
            }
            state = .failed
        }
    }
}
