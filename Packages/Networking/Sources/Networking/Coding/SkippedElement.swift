/// An element a lossy collection left out, and why.
public struct SkippedElement: Sendable, Hashable, CustomStringConvertible {
    /// The array index or dictionary key of the element.
    public var key: String
    /// Why it was skipped, with the path inside the collection.
    public var reason: String

    /// Creates a record of a skipped element.
    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    /// `key: reason`.
    public var description: String {
        "\(key): \(reason)"
    }
}
