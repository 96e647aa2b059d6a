import Foundation
import Models
import Networking

/// Lesson 5's web service calls: the latest photos, a photo search and image
/// downloads, against the SooGreyhounds REST API (Flickr's shape).
///
/// Every call carries the common parameters (`method`, `api_key`,
/// `format=json`, `nojsoncallback=1`); the key is redacted from logs and
/// error descriptions. Photo lists follow the lesson's rules: a photo that
/// cannot be read is skipped, and a list where none can be read fails as
/// `invalidJSONData` (see ``Networking/NetworkError/isInvalidJSONData``).
/// The API's own failures, `{"stat":"fail"}` bodies, are thrown as
/// `NetworkError.serviceFailure` with their code and message.
///
/// ```swift
/// let client = SooGreyhoundsClient()
/// let photos = try await client.fetchLatestPhotos()
/// let image = try await client.fetchImage(for: photos[0])   // checked JPEG/PNG/GIF/WebP bytes
/// ```
///
/// For caching, de-duplication and bounded concurrency use ``PhotoStore``.
public struct SooGreyhoundsClient: Sendable {
    /// What a client talks to: the service's endpoint, the API key and the
    /// zone its dates are read in, as every client of this SDK calls it.
    public typealias Configuration = SooGreyhoundsAPI

    /// The service and key; fixed for the client's lifetime.
    public let configuration: Configuration
    /// The HTTP client underneath, for logging and timeouts:
    /// `client.http.observers.append(.printing)`.
    public var http: NetworkClient

    /// The service and key: the ``configuration``.
    @available(*, deprecated, renamed: "configuration")
    public var api: SooGreyhoundsAPI { configuration }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: Defaults to the lesson's service and key.
    ///   - transport: Defaults to the shared `URLSessionTransport`.
    ///   - retryPolicy: How failed calls are retried (all are GETs).
    public init(
        configuration: Configuration = .lesson,
        transport: any HTTPTransport = URLSessionTransport.shared,
        retryPolicy: RetryPolicy = .default
    ) {
        self.configuration = configuration
        http = NetworkClient(
            baseURL: configuration.endpoint,
            transport: transport,
            decoder: .soogreyhounds(timeZone: configuration.dateTimeZone),
            retryPolicy: retryPolicy
        )
        // Uploads answer in Flickr's XML, the REST calls in JSON.
        http.service = .sooGreyhounds
        http.messageParser = { ServerMessage.parse($0.body) ?? FlickrXML.failure(in: $0.body) }
    }

    /// Creates a client: ``init(configuration:transport:retryPolicy:)``.
    @available(*, deprecated, renamed: "init(configuration:transport:retryPolicy:)")
    public init(
        api: SooGreyhoundsAPI, transport: any HTTPTransport = URLSessionTransport.shared,
        retryPolicy: RetryPolicy = .default
    ) {
        self.init(configuration: api, transport: transport, retryPolicy: retryPolicy)
    }

    /// One page of photos from a method, with the counts and the photos
    /// that were skipped.
    ///
    /// - Parameters:
    ///   - method: The API method.
    ///   - parameters: The method's own parameters; the common ones are
    ///     added (and cannot be overridden here).
    public func fetchPhotoList(
        _ method: SooGreyhoundsAPI.Method,
        parameters: [String: String] = [:]
    ) async throws(NetworkError) -> PhotoList {
        let url = http.redactor.redact(configuration.endpoint)
        let request = NetworkRequest<Data>.get("")
            .query(configuration.queryItems(for: method, parameters: parameters))
            .decoding { response, decoder in
                let body = FlickrBody.unwrapped(response.body)
                try FlickrBody.checkFailure(response, body: body, url: url)
                return try FlickrBody.photoList(body, using: decoder)
            }
        return try await http.send(request)
    }

    /// The latest photos, newest first, each with its large image URL and
    /// the date it was taken: the lesson's `fetchLatestPhotos`.
    ///
    /// - Parameters:
    ///   - page: Which page, from 1; the service's first by default.
    ///   - perPage: Photos per page; the service's default (100) if `nil`.
    public func fetchLatestPhotos(page: Int? = nil, perPage: Int? = nil) async throws(NetworkError) -> [Photo] {
        try await fetchPhotoList(.latestPhotos, parameters: Self.listParameters(page: page, perPage: perPage)).photos
    }

    /// Photos whose title or tags match `text`, such as `goalie save`.
    public func searchPhotos(text: String, page: Int? = nil, perPage: Int? = nil) async throws(NetworkError) -> [Photo]
    {
        var parameters = Self.listParameters(page: page, perPage: perPage)
        parameters["text"] = text
        return try await fetchPhotoList(.searchPhotos, parameters: parameters).photos
    }

    private static func listParameters(page: Int?, perPage: Int?) -> [String: String] {
        var parameters = ["extras": SooGreyhoundsAPI.photoExtras]
        parameters["page"] = page.map(String.init)
        parameters["per_page"] = perPage.map(String.init)
        return parameters
    }
}
