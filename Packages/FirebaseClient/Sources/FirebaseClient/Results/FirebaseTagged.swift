/// A value read together with its ETag: the fingerprint Firebase checks an
/// `if-match` write against.
///
/// ```swift
/// let tagged = try await firebase.getTagged("counters/likes", as: Int.self)
/// try await firebase.put(tagged.value + 1, at: "counters/likes", ifMatch: tagged.etag)
/// ```
public struct FirebaseTagged<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// The ETag of the value as read; `nil` if the server sent none.
    public var etag: String?

    /// Creates a tagged value.
    public init(value: Value, etag: String?) {
        self.value = value
        self.etag = etag
    }
}

extension FirebaseTagged: Equatable where Value: Equatable {}
