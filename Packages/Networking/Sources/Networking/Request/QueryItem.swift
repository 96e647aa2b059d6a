/// One `name=value` pair of a URL query, before percent-encoding.
///
/// Values are taken literally: `QueryItem(name: "orderBy", value: "\"timestamp\"")`
/// goes on the wire as `orderBy=%22timestamp%22`.
public struct QueryItem: Sendable, Hashable {
    /// The name, before encoding.
    public var name: String
    /// The value, before encoding; `nil` writes the name alone (`?flag`).
    public var value: String?

    /// Creates a query item.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == QueryItem {
    /// Query items from a dictionary, sorted by name so the URL is the same on
    /// every run (dictionaries have no order; caches and tests need one).
    public init(_ dictionary: [String: String]) {
        self = dictionary.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
    }
}
