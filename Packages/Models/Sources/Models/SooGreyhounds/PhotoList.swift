import Foundation
import Networking

/// The `photos` object of a `getList` or search response: one page of
/// photos and where it sits among all of them.
///
/// Photos that do not decode are skipped and listed in ``skipped``, as the
/// lesson's parser drops them. If the page has photos and not one decodes,
/// the format has probably changed, and decoding throws the lesson's
/// ``SooGreyhoundsError/invalidJSONData(skipped:)`` (a small error type of
/// this package, not `NetworkError`, so that it says which photos failed and
/// why). An empty page is an empty success.
public struct PhotoList: Sendable, Equatable, Codable {
    /// This page's number, from 1.
    public var page: Int
    /// How many pages there are.
    public var pages: Int
    /// How many photos a page holds (`perpage`).
    public var perPage: Int
    /// How many photos there are on all pages.
    public var total: Int
    /// The photos of this page that decoded, in the server's order (`photo`).
    public var photos: [Photo]
    /// The photos that did not decode, by index, with the reason.
    public var skipped: [SkippedElement]

    /// The JSON keys, in Flickr's spelling.
    public enum CodingKeys: String, CodingKey, Sendable {
        /// `page`
        case page
        /// `pages`
        case pages
        /// `perpage`
        case perPage = "perpage"
        /// `total`
        case total
        /// `photo`
        case photos = "photo"
    }

    /// Creates a page of photos.
    public init(page: Int, pages: Int, perPage: Int, total: Int, photos: [Photo], skipped: [SkippedElement] = []) {
        self.page = page
        self.pages = pages
        self.perPage = perPage
        self.total = total
        self.photos = photos
        self.skipped = skipped
    }

    /// Reads the page, skipping photos that do not decode. The counts may be
    /// numbers or, as Flickr sometimes sends them, numeric strings.
    ///
    /// - Throws: ``SooGreyhoundsError/invalidJSONData(skipped:)`` when there
    ///   are photos and none decodes; a `DecodingError` naming the field when
    ///   a count or the `photo` array is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try Self.count(.page, in: container)
        pages = try Self.count(.pages, in: container)
        perPage = try Self.count(.perPage, in: container)
        total = try Self.count(.total, in: container)
        let list = try container.decode(LossyArray<Photo>.self, forKey: .photos)
        if list.elements.isEmpty && !list.skipped.isEmpty {
            throw SooGreyhoundsError.invalidJSONData(skipped: list.skipped)
        }
        photos = list.elements
        skipped = list.skipped
    }

    /// Writes the page as the API sends it; skipped photos are gone.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(page, forKey: .page)
        try container.encode(pages, forKey: .pages)
        try container.encode(perPage, forKey: .perPage)
        try container.encode(total, forKey: .total)
        try container.encode(photos, forKey: .photos)
    }

    private static func count(_ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>) throws -> Int {
        if let text = try? container.decode(String.self, forKey: key) {
            guard let value = Int(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key,
                    in: container,
                    debugDescription: "Expected a whole number, found \"\(text)\""
                )
            }
            return value
        }
        return try container.decode(Int.self, forKey: key)
    }
}
