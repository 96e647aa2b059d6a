import Foundation

/// A whole `getList` or search response: `{"photos": {…}}`, with Flickr's
/// optional `"stat": "ok"`.
///
/// The API reports its own failures inside a 200 response, as
/// `{"stat":"fail","code":100,"message":"Invalid API Key"}`; decoding one
/// throws ``SooGreyhoundsError/failed(code:message:)`` with that code and
/// message instead of complaining that `photos` is missing.
public struct PhotosResponse: Sendable, Equatable, Codable {
    /// The page of photos.
    public var photos: PhotoList
    /// `ok` when the API says so; the lesson's server leaves it out.
    public var stat: String?

    /// Creates a response.
    public init(photos: PhotoList, stat: String? = nil) {
        self.photos = photos
        self.stat = stat
    }

    private enum CodingKeys: String, CodingKey {
        case photos
        case stat
        case code
        case message
    }

    /// Reads the photos, or throws the API's own failure.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stat = try container.decodeIfPresent(String.self, forKey: .stat)
        if stat == "fail" {
            throw SooGreyhoundsError.failed(
                code: (try? container.decode(Int.self, forKey: .code)) ?? 0,
                message: (try? container.decode(String.self, forKey: .message)) ?? "The API reported a failure"
            )
        }
        photos = try container.decode(PhotoList.self, forKey: .photos)
    }

    /// Writes `{"photos": …}`, and `stat` when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photos, forKey: .photos)
        try container.encodeIfPresent(stat, forKey: .stat)
    }
}
