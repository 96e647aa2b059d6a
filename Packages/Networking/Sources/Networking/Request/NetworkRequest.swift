import Foundation

/// A request as a value: method, path, query, headers, body, and how to turn
/// what comes back into `Value`.
///
/// Build one with a static constructor and the builder methods, then send it
/// with ``NetworkClient/send(_:)``:
///
/// ```swift
/// let request = NetworkRequest<[String: Post]>.get("posts")
///     .pathExtension("json")
///     .query(["orderBy": "\"timestamp\"", "endAt": "\(end)", "limitToLast": "15"])
/// let posts = try await client.send(request)
/// ```
///
/// The path is relative to the client's base URL. A `/` in the path string
/// separates segments; each segment is percent-encoded on its own, so
/// `"v0/app123/Design projects"` becomes `/v0/app123/Design%20projects`.
public struct NetworkRequest<Value: Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path segments below the base URL, not yet percent-encoded.
    public var pathComponents: [String]
    /// An extension written after the last segment, such as Firebase's
    /// `json`; it stays last however many segments are appended later.
    public var pathExtension: String?
    /// The query items, in order, not yet percent-encoded.
    public var query: [QueryItem]
    /// Header fields set on this request, over the client's defaults.
    public var headers: HeaderFields
    /// The body, if any, with its `Content-Type`.
    public var body: TransferBody?
    /// The time allowed for each attempt; `nil` uses the client's default.
    public var timeout: Duration?
    /// Told how much of the body has been sent; see ``uploadProgress(_:)``.
    public var uploadProgress: (@Sendable (TransferProgress) -> Void)?
    /// An absolute URL to send to instead of the client's base URL, such as a
    /// photo's `url_h`. Path segments and query items are still appended.
    /// The client's default headers and query items (credentials among them)
    /// are added only when it points at the base URL's scheme, host and port.
    public var absoluteURL: URL?
    /// Whether the request may be retried safely. Defaults to the method's
    /// ``HTTPMethod/isIdempotent``; mark a `POST` idempotent only when the
    /// server de-duplicates it.
    public var isIdempotent: Bool

    let decode: @Sendable (TransportResponse, JSONDecoder) throws -> Value

    /// Creates a request that turns the response into `Value` with `decode`.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: Segments separated by `/`, relative to the base URL.
    ///   - decode: Called with the successful response and the client's
    ///     decoder. Throwing a `DecodingError` reports a decoding failure.
    public init(
        method: HTTPMethod,
        path: String,
        decode: @escaping @Sendable (TransportResponse, JSONDecoder) throws -> Value
    ) {
        self.method = method
        self.pathComponents = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        self.pathExtension = nil
        self.absoluteURL = nil
        self.query = []
        self.headers = [:]
        self.body = nil
        self.timeout = nil
        self.uploadProgress = nil
        self.isIdempotent = method.isIdempotent
        self.decode = decode
    }

    /// Returns the same request with a different way to read the response.
    public func decoding<Other>(
        _ decode: @escaping @Sendable (TransportResponse, JSONDecoder) throws -> Other
    ) -> NetworkRequest<Other> {
        var request = NetworkRequest<Other>(method: method, path: "", decode: decode)
        request.pathComponents = pathComponents
        request.pathExtension = pathExtension
        request.absoluteURL = absoluteURL
        request.query = query
        request.headers = headers
        request.body = body
        request.timeout = timeout
        request.uploadProgress = uploadProgress
        request.isIdempotent = isIdempotent
        return request
    }
}

extension NetworkRequest where Value: Decodable {
    /// Creates a request whose JSON response decodes as `Value`.
    ///
    /// `NetworkRequest<Data>` hands back the raw body instead of decoding it.
    public init(method: HTTPMethod, path: String) {
        if Value.self == Data.self {
            self.init(method: method, path: path) { response, _ in
                guard let value = response.body as? Value else { throw NetworkError.noData }
                return value
            }
        } else {
            self.init(method: method, path: path) { response, decoder in
                guard !response.body.isEmpty else { throw NetworkError.noData }
                return try decoder.decode(Value.self, from: response.body)
            }
        }
    }

    /// A `GET` request decoding `Value`.
    public static func get(_ path: String) -> Self { Self(method: .get, path: path) }

    /// A `GET` request to an absolute URL, decoding `Value`.
    public static func get(_ url: URL) -> Self {
        var request = Self(method: .get, path: "")
        request.absoluteURL = url
        return request
    }

    /// A `POST` request decoding `Value`, with an optional JSON body.
    public static func post(_ path: String, body: (any Encodable & Sendable)? = nil) -> Self {
        Self(method: .post, path: path).jsonBody(body)
    }

    /// A `PUT` request decoding `Value`, with a JSON body.
    public static func put(_ path: String, body: (any Encodable & Sendable)?) -> Self {
        Self(method: .put, path: path).jsonBody(body)
    }

    /// A `PATCH` request decoding `Value`, with a JSON body.
    public static func patch(_ path: String, body: (any Encodable & Sendable)?) -> Self {
        Self(method: .patch, path: path).jsonBody(body)
    }

    /// A `DELETE` request decoding `Value`.
    public static func delete(_ path: String) -> Self { Self(method: .delete, path: path) }
}

extension NetworkRequest where Value == Void {
    /// Creates a request whose response body is ignored.
    public init(method: HTTPMethod, path: String) {
        self.init(method: method, path: path) { _, _ in () }
    }

    /// A `GET` request whose body is ignored.
    public static func get(_ path: String) -> Self { Self(method: .get, path: path) }

    /// A `POST` request whose response body is ignored.
    public static func post(_ path: String, body: (any Encodable & Sendable)? = nil) -> Self {
        Self(method: .post, path: path).jsonBody(body)
    }

    /// A `PUT` request whose response body is ignored.
    public static func put(_ path: String, body: (any Encodable & Sendable)?) -> Self {
        Self(method: .put, path: path).jsonBody(body)
    }

    /// A `PATCH` request whose response body is ignored.
    public static func patch(_ path: String, body: (any Encodable & Sendable)?) -> Self {
        Self(method: .patch, path: path).jsonBody(body)
    }

    /// A `DELETE` request whose response body is ignored.
    public static func delete(_ path: String) -> Self { Self(method: .delete, path: path) }
}
