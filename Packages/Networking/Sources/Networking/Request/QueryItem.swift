import Foundation

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

extension QueryItem {
    /// A query name or value as a server reads it (form-style): `+` is a
    /// space, then `%XX` sequences are decoded. Text whose percent-encoding
    /// is malformed, or decodes to bytes that are not UTF-8, is kept as
    /// written (with its `+`s as spaces).
    ///
    /// ```swift
    /// QueryItem.formDecoded("api%5Fkey")   // "api_key"
    /// QueryItem.formDecoded("a+b%2Bc")     // "a b+c"
    /// ```
    ///
    /// The Sandbox reads every query with it and ``Redactor`` every name,
    /// so a name a server understands is a name the redactor recognises.
    public static func formDecoded(_ text: Substring) -> String {
        PercentEncoding.formDecode(text)
    }
}

extension URL {
    /// This URL with `items` after its own query items, encoded as every
    /// request's query is (only RFC 3986's unreserved characters kept, so a
    /// `+` in a token stays a plus, not a space): how a client puts what
    /// every request carries, a namespace or a key, in its base URL.
    public func appendingQuery(_ items: [QueryItem]) -> URL {
        guard !items.isEmpty, var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else {
            return self
        }
        let added = items.map(PercentEncoding.encode).joined(separator: "&")
        components.percentEncodedQuery = [components.percentEncodedQuery, added].compactMap { $0 }.joined(
            separator: "&")
        return components.url ?? self
    }
}
