import Networking

/// What a write answered: the data as stored, unless the write asked for
/// silence, and the new ETag when there is one.
public struct FirebaseWriteResult: Sendable, Hashable {
    /// The data Firebase echoes after a `PUT` or `PATCH` (with server
    /// values such as timestamps filled in), `null` after a `DELETE`, and
    /// `nil` after a silent write (`print=silent`, which answers 204).
    public var value: JSON?
    /// The location's new ETag, if the server sent one (it does when the
    /// write was conditional).
    public var etag: String?

    /// Creates a result.
    public init(value: JSON?, etag: String?) {
        self.value = value
        self.etag = etag
    }
}
