import Foundation
import Networking

/// The SooGreyhounds REST API (a Flickr-style service), emulated:
/// `GET /services/rest?method=…&api_key=…&format=json&nojsoncallback=1`,
/// and the photos' images under `/images/`.
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

        /// Creates settings; the default accepts the lesson's key.
        public init(apiKeys: Set<String> = [Configuration.lessonAPIKey]) {
            self.apiKeys = apiKeys
        }
    }

    /// The settings it was created with.
    public let configuration: Configuration
    let catalog: SooGreyhoundsPhotoCatalog

    /// `soogreyhounds`.
    public var name: String { "soogreyhounds" }

    /// Creates the emulator with the bundled photos.
    public init(configuration: Configuration) {
        self.configuration = configuration
        catalog = SooGreyhoundsPhotoCatalog.bundled
    }

    /// The titles of the photos, newest first, for banners and tests.
    public var photoTitles: [String] {
        catalog.photos.map(\.title)
    }

    /// `/services/rest` and the image paths.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasPrefix("/services/") || request.path.hasPrefix("/images/")
    }

    /// Answers a REST call or serves an image.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        let segments = request.pathSegments
        if segments.first == "images" {
            return image(request, segments)
        }
        guard segments == ["services", "rest"] else {
            return .text(404, "Not Found")
        }
        return rest(request)
    }
}
