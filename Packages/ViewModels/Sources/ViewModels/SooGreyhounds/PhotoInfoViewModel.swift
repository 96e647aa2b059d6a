import Foundation
import Models
import Networking
import Observation
import SooGreyhoundsClient

/// A photo's detail screen: its title, when it was taken, and its image.
///
/// ```swift
/// let detail = gallery.photoInfoViewModel(for: "1")
/// detail?.title               // "DeMeo_J17_2595"
/// detail?.dateTakenFormatted  // "Jan 1, 2017 at 12:32 PM"
/// await detail?.loadImage()   // from the store's cache when the gallery had it
/// ```
@MainActor
@Observable
public final class PhotoInfoViewModel {
    /// The photo shown.
    public let photo: Photo
    /// The zone the date is shown in.
    public let timeZone: TimeZone
    /// The locale for month names.
    public let locale: Locale
    /// Where the image is.
    public private(set) var imageState: PhotoImageState

    private let store: PhotoStore

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - photo: The photo to show.
    ///   - store: Where images come from (and are cached).
    ///   - imageState: What the gallery already knows about the image.
    ///   - timeZone: The zone the store's client reads dates in, by default.
    ///   - locale: For month names; the user's by default.
    public init(
        photo: Photo,
        store: PhotoStore,
        imageState: PhotoImageState = .loading,
        timeZone: TimeZone? = nil,
        locale: Locale = .current
    ) {
        self.photo = photo
        self.store = store
        self.imageState = imageState
        self.timeZone = timeZone ?? store.client.configuration.dateTimeZone
        self.locale = locale
    }

    /// The title, shown in the navigation bar.
    public var title: String {
        photo.title
    }

    /// When the photo was taken, such as `Jan 1, 2017 at 12:32 PM`.
    public var dateTakenFormatted: String {
        PhotoDateFormat.string(from: photo.dateTaken, timeZone: timeZone, locale: locale)
    }

    /// Fetches the image, unless it is already here.
    public func loadImage() async {
        if case .loaded = imageState { return }
        imageState = .loading
        do throws(NetworkError) {
            imageState = .loaded(try await store.fetchImage(for: photo))
        } catch {
            imageState = .failed(error.description)
        }
    }
}
