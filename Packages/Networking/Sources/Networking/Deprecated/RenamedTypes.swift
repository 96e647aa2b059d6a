import Foundation

// The names before 0.9, kept for one release so code written against them
// still builds, with a warning that names the new spelling. They collided
// with AsyncHTTPClient, swift-http-types (which Hummingbird re-exports),
// NIOHTTP1, Hummingbird and swift-openapi-runtime: until 1.0 removes them, a
// file that imports one of those beside Networking still writes their
// module's name before *their* types of these names (`AsyncHTTPClient.HTTPClient`);
// the new names need none.

/// Renamed ``NetworkClient``.
@available(*, deprecated, renamed: "NetworkClient")
public typealias HTTPClient = NetworkClient

/// Renamed ``NetworkRequest``.
@available(*, deprecated, renamed: "NetworkRequest")
public typealias Request<Value: Sendable> = NetworkRequest<Value>

/// Renamed ``NetworkResponse``.
@available(*, deprecated, renamed: "NetworkResponse")
public typealias Response<Value: Sendable> = NetworkResponse<Value>

/// Renamed ``TransportRequest``.
@available(*, deprecated, renamed: "TransportRequest")
public typealias HTTPRequest = TransportRequest

/// Renamed ``TransportResponse``.
@available(*, deprecated, renamed: "TransportResponse")
public typealias HTTPResponse = TransportResponse

/// Renamed ``TransportStreamingResponse``.
@available(*, deprecated, renamed: "TransportStreamingResponse")
public typealias HTTPStreamingResponse = TransportStreamingResponse

/// Renamed ``HeaderFields``.
@available(*, deprecated, renamed: "HeaderFields")
public typealias HTTPHeaders = HeaderFields

/// Renamed ``TransferBody``.
@available(*, deprecated, renamed: "TransferBody")
public typealias HTTPBody = TransferBody

/// Renamed ``ContentType``.
@available(*, deprecated, renamed: "ContentType")
public typealias MediaType = ContentType

/// Renamed ``ServerEvent``.
@available(*, deprecated, renamed: "ServerEvent")
public typealias ServerSentEvent = ServerEvent

/// Renamed ``ServerEventParser``.
@available(*, deprecated, renamed: "ServerEventParser")
public typealias ServerSentEventParser = ServerEventParser

/// Merged into ``TransferBody``, which now carries its `Content-Type`.
@available(*, deprecated, renamed: "TransferBody")
public typealias RequestBody = TransferBody

extension TransferBody {
    /// Bytes and their content type.
    @available(*, deprecated, renamed: "init(_:contentType:)")
    public static func data(_ data: Data, contentType: String?) -> TransferBody {
        TransferBody(data, contentType: contentType)
    }

    /// A body and its content type.
    @available(
        *, deprecated,
        message: "Give the content type when the body is made, or with NetworkRequest.body(_:contentType:)"
    )
    public static func body(_ body: TransferBody, contentType: String?) -> TransferBody {
        body.withContentType(contentType)
    }

    /// A url-encoded form.
    @available(*, deprecated, renamed: "init(form:)")
    public static func form(_ items: [QueryItem]) -> TransferBody {
        TransferBody(form: items)
    }

    /// A multipart form.
    @available(*, deprecated, message: "Use the form's body: MultipartForm.body")
    public static func multipart(_ form: MultipartForm) -> TransferBody {
        form.body
    }
}

extension NetworkClient {
    /// Renamed ``makeTransportRequest(_:)``.
    @available(*, deprecated, renamed: "makeTransportRequest(_:)")
    public func makeHTTPRequest<Value>(_ request: NetworkRequest<Value>) throws(NetworkError) -> TransportRequest {
        try makeTransportRequest(request)
    }
}
