/// One sort key of a list request: a field and a direction.
///
/// ```swift
/// AirtableQuery(sort: [.descending("Due date"), .ascending("Name")])
/// ```
///
/// On the wire it is `sort[0][field]=Due%20date&sort[0][direction]=desc`, or
/// `{"field":"Due date","direction":"desc"}` in a `listRecords` body.
public struct AirtableSort: Sendable, Hashable, Codable {
    /// Which way a field sorts.
    public enum Direction: String, Sendable, Hashable, Codable {
        /// Smallest first (`asc`), Airtable's default.
        case ascending = "asc"
        /// Largest first (`desc`).
        case descending = "desc"
    }

    /// The field's name or id.
    public var field: String
    /// The direction.
    public var direction: Direction

    /// Creates a sort key.
    public init(field: String, direction: Direction = .ascending) {
        self.field = field
        self.direction = direction
    }

    /// Sorts by `field`, smallest first.
    public static func ascending(_ field: String) -> AirtableSort {
        AirtableSort(field: field, direction: .ascending)
    }

    /// Sorts by `field`, largest first.
    public static func descending(_ field: String) -> AirtableSort {
        AirtableSort(field: field, direction: .descending)
    }
}
