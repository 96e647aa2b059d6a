import Foundation

/// A file in an attachment field, such as one of a project's images.
///
/// Airtable reads back `id`, `url`, `filename`, `size`, `type` and, for
/// images and documents, `thumbnails`. To attach a new file you send only a
/// `url` (and optionally a `filename`) and Airtable fills in the rest, so
/// everything but the URL is optional here and left out of the JSON when
/// absent.
public struct AirtableAttachment: Sendable, Hashable, Codable, Identifiable {
    /// The attachment id, such as `attm5HZ4mDsQkfxvz`; `nil` for a file not
    /// uploaded yet.
    public var id: String?
    /// Where the file can be downloaded (Airtable's URLs expire after a few hours).
    public var url: URL
    /// The file name, as uploaded.
    public var filename: String?
    /// The size in bytes.
    public var size: Int?
    /// The MIME type, such as `image/jpeg`.
    public var type: String?
    /// The pixel width, for images (newer bases only).
    public var width: Int?
    /// The pixel height, for images (newer bases only).
    public var height: Int?
    /// Smaller renderings, for images and documents.
    public var thumbnails: Thumbnails?

    /// Creates an attachment; for a new upload, pass just the `url`.
    public init(
        id: String? = nil,
        url: URL,
        filename: String? = nil,
        size: Int? = nil,
        type: String? = nil,
        width: Int? = nil,
        height: Int? = nil,
        thumbnails: Thumbnails? = nil
    ) {
        self.id = id
        self.url = url
        self.filename = filename
        self.size = size
        self.type = type
        self.width = width
        self.height = height
        self.thumbnails = thumbnails
    }

    /// The renderings Airtable makes of an attachment. Documents get `small`
    /// and `large` only, so each is optional.
    public struct Thumbnails: Sendable, Hashable, Codable {
        /// About 36 pixels high, for lists.
        public var small: Thumbnail?
        /// About 512 pixels on the long side.
        public var large: Thumbnail?
        /// The full size, up to 3000 pixels.
        public var full: Thumbnail?

        /// Creates a set of thumbnails.
        public init(small: Thumbnail? = nil, large: Thumbnail? = nil, full: Thumbnail? = nil) {
            self.small = small
            self.large = large
            self.full = full
        }
    }

    /// One rendering of an attachment.
    public struct Thumbnail: Sendable, Hashable, Codable {
        /// Where to download it.
        public var url: URL
        /// Its width in pixels.
        public var width: Int
        /// Its height in pixels.
        public var height: Int

        /// Creates a thumbnail.
        public init(url: URL, width: Int, height: Int) {
            self.url = url
            self.width = width
            self.height = height
        }
    }
}
