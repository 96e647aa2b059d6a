import Foundation
import Models

/// The gallery's photo cell, as a namespace for its ``ViewModel``.
public enum PhotoCollectionViewCell {
    /// What one photo cell shows: the title, when it was taken, and its
    /// image's state.
    public struct ViewModel: Sendable, Hashable, Identifiable {
        /// The photo.
        public var photo: Photo
        /// Where its image is.
        public var imageState: PhotoImageState
        /// The zone the date is shown in: the one it was read in, so the
        /// time shown is the one the service wrote.
        public var timeZone: TimeZone
        /// The locale for month names.
        public var locale: Locale

        /// Creates a cell's view model.
        public init(photo: Photo, imageState: PhotoImageState, timeZone: TimeZone, locale: Locale = .current) {
            self.photo = photo
            self.imageState = imageState
            self.timeZone = timeZone
            self.locale = locale
        }

        /// The photo's id.
        public var id: String {
            photo.photoID
        }

        /// The title, such as `DeMeo_J17_2595`.
        public var title: String {
            photo.title
        }

        /// When it was taken, such as `Jan 1, 2017 at 12:32 PM`.
        public var dateTakenFormatted: String {
            PhotoDateFormat.string(from: photo.dateTaken, timeZone: timeZone, locale: locale)
        }
    }
}
