/// A decoded value together with the response it came from, for callers that
/// need headers (an `ETag`, a rate-limit count) as well as the value.
public struct NetworkResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The raw response: status, headers and body.
    public var raw: TransportResponse

    /// Creates a response.
    public init(value: Value, raw: TransportResponse) {
        self.value = value
        self.raw = raw
    }

    /// The status code.
    public var status: Int { raw.status }

    /// The response headers.
    public var headers: HeaderFields { raw.headers }
}
