/// One event of a `text/event-stream` body.
///
/// Firebase streams changes this way:
///
/// ```
/// event: put
/// data: {"path":"/","data":{"a":1}}
/// ```
public struct ServerEvent: Sendable, Hashable {
    /// The event type; `message` when the stream did not name one.
    public var event: String
    /// The data lines, joined with newlines.
    public var data: String
    /// The last event id the stream set, if any.
    public var id: String?
    /// The reconnection time the stream asked for, in milliseconds.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
