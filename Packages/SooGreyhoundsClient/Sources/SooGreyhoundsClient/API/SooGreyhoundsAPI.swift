import Foundation
import Networking

/// What is specific to the SooGreyhounds web service: where it is, the API
/// key, its methods, and the parameters every call carries. The lesson's
/// `SooGreyhoundsAPI`, as a value so the Sandbox or another server is a
/// configuration change.
///
/// ```swift
/// let api = SooGreyhoundsAPI.lesson
/// let local = SooGreyhoundsAPI(endpoint: sandboxURL.appending(path: "services/rest"), apiKey: key)
/// ```
public struct SooGreyhoundsAPI: Sendable, Hashable {
    /// The lesson's endpoint, `https://api.soogreyhounds.gutty.ca/services/rest`.
    public static let lessonEndpoint = URL(string: "https://api.soogreyhounds.gutty.ca/services/rest")!
    /// The lesson's API key.
    public static let lessonAPIKey = "a6d819499131071f158fd740860a5a88"
    /// The lesson's service and key.
    public static let lesson = SooGreyhoundsAPI(endpoint: lessonEndpoint, apiKey: lessonAPIKey)

    /// The REST endpoint every method is called on.
    public var endpoint: URL
    /// The key identifying the app, sent as `api_key` (and redacted from
    /// logs and error descriptions).
    public var apiKey: String
    /// The zone `datetaken` is read in; the service writes local times with
    /// no zone. UTC by default, so the same response gives the same dates on
    /// every device.
    public var dateTimeZone: TimeZone

    /// Creates a description of the service.
    public init(endpoint: URL, apiKey: String, dateTimeZone: TimeZone = .gmt) {
        self.endpoint = endpoint
        self.apiKey = apiKey
        self.dateTimeZone = dateTimeZone
    }

    /// Where photos are uploaded: `upload/` beside the REST endpoint
    /// (`…/services/upload/`), as Flickr's upload API sits beside its REST
    /// API.
    public var uploadEndpoint: URL {
        endpoint.deletingLastPathComponent().appendingPathComponent("upload/")
    }

    /// The query of a call: the common parameters (`method`, `api_key`,
    /// `format=json`, `nojsoncallback=1`), then the call's own, sorted by
    /// name so the URL is the same on every run.
    public func queryItems(for method: Method, parameters: [String: String] = [:]) -> [QueryItem] {
        let common = [
            QueryItem(name: "method", value: method.rawValue),
            QueryItem(name: "api_key", value: apiKey),
            QueryItem(name: "format", value: "json"),
            QueryItem(name: "nojsoncallback", value: "1"),
        ]
        let commonNames = Set(common.map(\.name))
        return common + [QueryItem](parameters.filter { !commonNames.contains($0.key) })
    }

    /// The full URL of a call, as the lesson's `sooGreyhoundsURL(method:parameters:)`
    /// built it; `nil` only if the endpoint cannot take a query.
    public func url(for method: Method, parameters: [String: String] = [:]) -> URL? {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: true) else { return nil }
        components.queryItems = queryItems(for: method, parameters: parameters).map {
            URLQueryItem(name: $0.name, value: $0.value)
        }
        return components.url
    }
}

extension SooGreyhoundsAPI: RedactedDescription {
    /// The endpoint and time zone; never the API key.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["endpoint": Redactor().redact(endpoint), "apiKey": "REDACTED", "dateTimeZone": dateTimeZone.identifier]
    }
}
