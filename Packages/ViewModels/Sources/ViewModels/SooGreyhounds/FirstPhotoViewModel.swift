import Foundation
import Models
import Networking
import Observation
import SooGreyhoundsClient

/// The screen lesson 5 ends on: `PhotosViewController` with one image view,
/// which fetches the latest photos, downloads the first one's image, checks
/// that the bytes are an image, and shows it.
///
/// ```swift
/// let screen = FirstPhotoViewModel(store: store)
/// await screen.load()      // viewDidLoad
/// screen.messages          // ["Successfully found 100 photos."], as the lesson prints
/// screen.state.image       // the first photo's image, its real pixel size read
/// ```
///
/// The lesson printed its errors to the console; here they are in
/// ``messages`` with the lesson's wording, and ``state`` says what the image
/// view shows. Bytes that are not an image are the lesson's
/// `PhotoError.imageCreationError`, which the SDK calls
/// ``/Networking/NetworkError/notAnImage(_:)``. The gallery that follows in
/// the next chapter is ``PhotosViewModel``.
@MainActor
@Observable
public final class FirstPhotoViewModel {
    /// What the image view shows.
    public enum State: Sendable, Hashable {
        /// Nothing asked for yet.
        case idle
        /// Fetching the list of the latest photos.
        case fetchingPhotos
        /// Downloading the first photo's image.
        case downloadingImage(Photo)
        /// The first photo's image, checked to be one.
        case showing(Photo, RemoteImage)
        /// The list came back empty: nothing to show.
        case noPhotos
        /// The list or the image failed; ``FirstPhotoViewModel/messages``
        /// says why.
        case failed

        /// The image on show, if any.
        public var image: RemoteImage? {
            if case .showing(_, let image) = self { return image }
            return nil
        }

        /// The photo being downloaded or shown, if any.
        public var photo: Photo? {
            switch self {
            case .downloadingImage(let photo), .showing(let photo, _): photo
            default: nil
            }
        }
    }

    /// What the image view shows.
    public private(set) var state: State = .idle
    /// What the lesson prints along the way, in its words: `Successfully
    /// found 100 photos.`, `Error fetching latest photos: …`, `Error
    /// downloading image: …`.
    public private(set) var messages: [String] = []
    /// The error that ended the flow, if one did.
    public private(set) var error: NetworkError?

    /// Where the list and the image come from.
    public let store: PhotoStore

    /// Creates the screen; ``load()`` starts it.
    public init(store: PhotoStore) {
        self.store = store
    }

    /// The lesson's `viewDidLoad()`: fetches the latest photos, then the
    /// first one's image (`updateImageView(for:)`).
    public func load() async {
        switch state {
        case .fetchingPhotos, .downloadingImage: return  // already on its way
        default: break
        }
        state = .fetchingPhotos
        error = nil
        let photos: [Photo]
        do throws(NetworkError) {
            photos = try await store.fetchLatestPhotos()
        } catch {
            fail(error, "Error fetching latest photos")
            return
        }
        messages.append("Successfully found \(photos.count) photos.")
        guard let first = photos.first else {
            state = .noPhotos
            return
        }
        state = .downloadingImage(first)
        do throws(NetworkError) {
            state = .showing(first, try await store.fetchImage(for: first))
        } catch {
            fail(error, "Error downloading image")
        }
    }

    private func fail(_ error: NetworkError, _ prefix: String) {
        self.error = error
        messages.append("\(prefix): \(error)")
        state = .failed
    }
}
