import Foundation
import Networking
import SandboxCore

/// The SooGreyhounds REST API (a Flickr-style service), emulated:
/// `GET /services/rest?method=…&api_key=…&format=json&nojsoncallback=1`,
/// Flickr's upload API at `POST /services/upload/` (see
/// ``respond(to:)``), and the photos' images under `/images/`.
///
/// Methods: `soogreyhounds.photos.getList` (newest first, `page` and
/// `per_page`) and `soogreyhounds.photos.search` (`text`), each photo with
/// `id`, `owner` and `title`, plus `datetaken` and `url_h` when asked in
/// `extras` (`date_taken`, `url_h`). `url_h` points at this sandbox's own
/// image route on the host the request came to. Failures are Flickr's:
/// `{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid
/// format)"}` with HTTP 200, wrapped as `jsonFlickrApi(…)` unless
/// `nojsoncallback=1`, or XML without `format=json`.
///
/// Successful JSON answers carry no `"stat":"ok"`: the lesson's server did
/// not send one (see the lesson's response in `Resources/soogreyhounds`),
/// although Flickr does.
public final class SooGreyhoundsEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The API key of lesson 5, accepted by default.
        public static let lessonAPIKey = "a6d819499131071f158fd740860a5a88"

        /// The accepted `api_key` values.
        public var apiKeys: Set<String>
        /// The largest photo an upload may send, in bytes: 50 MiB unless
        /// set. (Flickr allows 200 MB; the emulator keeps uploads in
        /// memory.) A form a little larger than this is refused unread.
        public var maxPhotoSize: Int

        /// Creates settings; the default accepts the lesson's key.
        public init(apiKeys: Set<String> = [Configuration.lessonAPIKey], maxPhotoSize: Int = 50 << 20) {
            self.apiKeys = apiKeys
            self.maxPhotoSize = max(0, maxPhotoSize)
        }

        /// The largest request body: a photo at the limit and the rest of
        /// its form.
        public var maxBodySize: Int {
            maxPhotoSize + (1 << 20)
        }
    }

    /// The settings it was created with.
    public let configuration: Configuration
    let catalog: SooGreyhoundsPhotoCatalog
    let uploads = SooGreyhoundsUploads()

    /// `soogreyhounds`.
    public var name: String { "soogreyhounds" }

    /// Creates the emulator with the bundled photos.
    public init(configuration: Configuration) {
        self.configuration = configuration
        catalog = SooGreyhoundsPhotoCatalog.bundled
    }

    /// The titles of the public photos, newest first, for banners and tests.
    public var photoTitles: [String] {
        listedPhotos.map(\.title)
    }

    /// The photos the public methods list and find: public uploads, newest
    /// first, then the bundled ones.
    var listedPhotos: [SooGreyhoundsPhoto] {
        uploads.all.filter(\.isPublic) + catalog.photos
    }

    /// The photo whose image file is exactly `name`, bundled or uploaded.
    func photo(file name: String) -> SooGreyhoundsPhoto? {
        catalog.photo(file: name) ?? uploads.photo(file: name)
    }

    /// Paths under `/services/` (the REST API and uploads) and `/images/`.
    public var mounts: [PathPattern] { ["/services/{rest...}", "/images/{rest...}"] }

    /// The endpoints of ``routes``, for endpoint lists.
    public static var endpoints: [Endpoint] {
        routes.endpoints
    }

    /// Answers a REST call or an upload, or serves an image.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        await Self.routes.respond(to: request, with: self)
    }

    /// Where uploads go, which have a size limit of their own.
    static let uploadPath: PathPattern = "/services/upload"

    /// The service's endpoints, as Flickr documents its own.
    public static let routes = RouteTable<SooGreyhoundsEmulator>([
        Route(nil, "/services/rest", "Call a method: soogreyhounds.photos.getList or .search") { service, request, _ in
            service.rest(request)
        },
        Route(.post, uploadPath, "Upload a photo: a multipart form with photo, title, tags, is_public") {
            service, request, _ in
            service.upload(request)
        },
        Route([.get, .head], "/images/{file}", "A photo's JPEG, with ETag and Last-Modified") {
            service, request, parameters in
            service.image(request, file: parameters["file"])
        },
    ])

    /// The upload limit for uploads, none of its own for the rest.
    public func maxBodySize(for request: SandboxRequest) -> Int? {
        Self.uploadPath.match(request.pathSegments) != nil ? configuration.maxBodySize : nil
    }

    /// Flickr's code 8 for an upload over the limit.
    public func bodyTooLarge(_ request: SandboxRequest) -> SandboxResponse {
        Self.uploadPath.match(request.pathSegments) != nil ? uploadTooLarge() : .payloadTooLarge
    }
}
