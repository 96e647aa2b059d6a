import Networking

/// The parameters of Airtable's "list records": which records, which
/// fields, in what order, and how many per page.
///
/// Every parameter is optional; an empty query lists the whole table in its
/// default order, 100 records a page.
///
/// ```swift
/// let query = AirtableQuery(
///     view: "Grid view",
///     fields: ["Name", "Due date"],
///     filterByFormula: "NOT({Complete})",
///     sort: [.ascending("Due date")],
///     pageSize: 50,
///     maxRecords: 200
/// )
/// ```
public struct AirtableQuery: Sendable, Hashable {
    /// How cell values are written in the response.
    public enum CellFormat: String, Sendable, Hashable, Codable {
        /// Values as JSON of each field's type (the default).
        case json
        /// Values as the strings Airtable shows; needs ``timeZone`` and
        /// ``userLocale``.
        case string
    }

    /// Extra facts about each record that a list can ask for.
    public enum RecordMetadata: String, Sendable, Hashable, Codable, CaseIterable {
        /// The number of comments, in ``/Models/AirtableRecord/commentCount``.
        case commentCount
    }

    /// A view's name or id: only its records, in its order (unless
    /// ``sort`` says otherwise).
    public var view: String?
    /// The fields to return, by name or id; `nil` returns every field.
    public var fields: [String]?
    /// A formula a record must make true (not `0`, empty or an error),
    /// such as `{Category} = 'Brand identity'`.
    public var filterByFormula: String?
    /// Sort keys, most significant first; they override the view's order.
    public var sort: [AirtableSort]
    /// Records per page, 1 to 100 (Airtable's default and maximum is 100).
    public var pageSize: Int?
    /// The most records to return over all pages.
    public var maxRecords: Int?
    /// How cell values are written.
    public var cellFormat: CellFormat?
    /// The time zone for ``CellFormat/string`` dates, such as `America/Toronto`.
    public var timeZone: String?
    /// The locale for ``CellFormat/string`` values, such as `en-ca`.
    public var userLocale: String?
    /// Whether fields are keyed by id (`fld…`) rather than by name.
    public var returnFieldsByFieldID: Bool
    /// Extra facts to return with each record (`recordMetadata[]`).
    public var recordMetadata: [RecordMetadata]

    /// Creates a query; every parameter left out is not sent.
    public init(
        view: String? = nil,
        fields: [String]? = nil,
        filterByFormula: String? = nil,
        sort: [AirtableSort] = [],
        pageSize: Int? = nil,
        maxRecords: Int? = nil,
        cellFormat: CellFormat? = nil,
        timeZone: String? = nil,
        userLocale: String? = nil,
        returnFieldsByFieldID: Bool = false,
        recordMetadata: [RecordMetadata] = []
    ) {
        self.view = view
        self.fields = fields
        self.filterByFormula = filterByFormula
        self.sort = sort
        self.pageSize = pageSize
        self.maxRecords = maxRecords
        self.cellFormat = cellFormat
        self.timeZone = timeZone
        self.userLocale = userLocale
        self.returnFieldsByFieldID = returnFieldsByFieldID
        self.recordMetadata = recordMetadata
    }

    /// The query string of `GET …/{table}`, in a fixed order, with the page
    /// cursor last: `fields[]=Name&sort[0][field]=Name&…&offset=itr…`.
    public func queryItems(offset: String? = nil) -> [QueryItem] {
        var items: [QueryItem] = []
        for field in fields ?? [] {
            items.append(QueryItem(name: "fields[]", value: field))
        }
        if let filterByFormula {
            items.append(QueryItem(name: "filterByFormula", value: filterByFormula))
        }
        if let maxRecords {
            items.append(QueryItem(name: "maxRecords", value: String(maxRecords)))
        }
        if let pageSize {
            items.append(QueryItem(name: "pageSize", value: String(pageSize)))
        }
        for (index, key) in sort.enumerated() {
            items.append(QueryItem(name: "sort[\(index)][field]", value: key.field))
            items.append(QueryItem(name: "sort[\(index)][direction]", value: key.direction.rawValue))
        }
        if let view {
            items.append(QueryItem(name: "view", value: view))
        }
        if let cellFormat {
            items.append(QueryItem(name: "cellFormat", value: cellFormat.rawValue))
        }
        if let timeZone {
            items.append(QueryItem(name: "timeZone", value: timeZone))
        }
        if let userLocale {
            items.append(QueryItem(name: "userLocale", value: userLocale))
        }
        if returnFieldsByFieldID {
            items.append(QueryItem(name: "returnFieldsByFieldId", value: "true"))
        }
        for metadata in recordMetadata {
            items.append(QueryItem(name: "recordMetadata[]", value: metadata.rawValue))
        }
        if let offset {
            items.append(QueryItem(name: "offset", value: offset))
        }
        return items
    }
}
