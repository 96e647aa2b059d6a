import Foundation
import Networking

/// A photo from lesson 5's SooGreyhounds API (`soogreyhounds.photos.getList`
/// with `extras=url_h,date_taken`, Flickr's shape).
///
/// A photo needs all four of `id`, `title`, `datetaken` and `url_h`, as the
/// lesson's `photo(fromJSON:)` guard does; `url_h` must be an absolute
/// `http` or `https` URL and `datetaken` a `yyyy-MM-dd HH:mm:ss` date, read
/// in the time zone `JSONDecoder.soogreyhounds(timeZone:)` is
/// given (the API does not say which). In a list, a photo without them is
/// skipped and reported (see ``PhotoList``).
///
/// Two photos are equal when their ids are, whatever else changed, so a
/// refreshed title does not make a collection view think it is a new photo.
public struct Photo: Sendable, Hashable, Identifiable, Codable {
    /// The photo's id on the server, a string such as `"1"`.
    public var photoID: String
    /// The title, such as `DeMeo_J17_2595`.
    public var title: String
    /// Where to download the large image (`url_h`).
    public var remoteURL: URL
    /// When it was taken (`datetaken`).
    public var dateTaken: Date

    /// The JSON keys, in Flickr's spelling.
    public enum CodingKeys: String, CodingKey, Sendable {
        /// `id`
        case photoID = "id"
        /// `title`
        case title
        /// `url_h`
        case remoteURL = "url_h"
        /// `datetaken`
        case dateTaken = "datetaken"
    }

    /// Creates a photo.
    public init(title: String, photoID: String, remoteURL: URL, dateTaken: Date) {
        self.title = title
        self.photoID = photoID
        self.remoteURL = remoteURL
        self.dateTaken = dateTaken
    }

    /// The photo id, for SwiftUI lists and diffable data sources.
    public var id: String { photoID }

    /// Reads the four fields the lesson requires.
    ///
    /// - Throws: A `DecodingError` naming the field that is missing, of the
    ///   wrong type, not an absolute http(s) URL, or not a date.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        photoID = try container.decode(String.self, forKey: .photoID)
        title = try container.decode(String.self, forKey: .title)
        let urlText = try container.decode(String.self, forKey: .remoteURL)
        guard let url = URL(string: urlText), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .remoteURL,
                in: container,
                debugDescription: "Expected an absolute http(s) URL, found \"\(urlText)\""
            )
        }
        remoteURL = url
        dateTaken = try container.decode(Date.self, forKey: .dateTaken)
    }

    /// Writes the four fields back in Flickr's spelling.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photoID, forKey: .photoID)
        try container.encode(title, forKey: .title)
        try container.encode(remoteURL.absoluteString, forKey: .remoteURL)
        try container.encode(dateTaken, forKey: .dateTaken)
    }

    /// Equal when the ids are equal.
    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.photoID == rhs.photoID
    }

    /// Hashes the id, in step with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(photoID)
    }

    /// The photos of a `getList` response: the lesson's
    /// `SooGreyhoundsAPI.photos(fromJSON:)`, throwing where it returned
    /// `.failure`.
    ///
    /// - Throws: ``/Networking/NetworkError/decodingFailed(_:)``, whose
    ///   ``/Networking/DecodingFailure/underlying`` is
    ///   ``SooGreyhoundsError/invalidJSONData(skipped:)`` when the list has
    ///   photos and none decodes, ``SooGreyhoundsError/failed(code:message:)``
    ///   for a `{"stat":"fail"}` body, and a `DecodingError` naming the field
    ///   when the response is not shaped like a photo list.
    public static func photos(fromJSON data: Data, using decoder: JSONDecoder = .soogreyhounds) throws(NetworkError)
        -> [Photo]
    {
        try ModelDecoding.decode([Photo].self, from: data) {
            try decoder.decode(PhotosResponse.self, from: $0).photos.photos
        }
    }
}
