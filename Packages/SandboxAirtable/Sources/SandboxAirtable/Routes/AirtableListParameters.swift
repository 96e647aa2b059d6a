import Foundation
import Networking
import SandboxCore

/// The parameters of "list records", read from the query string (GET) or
/// from the JSON body (`POST …/listRecords`); both are checked the same way.
struct AirtableListParameters: Sendable {
    struct SortKey: Sendable, Hashable {
        var field: String
        var descending: Bool
    }

    var pageSize = 100
    var maxRecords: Int?
    var offset: String?
    var fields: [String]?
    var sort: [SortKey] = []
    var filterByFormula: String?
    var view: String?
    var returnFieldsByFieldID = false
    var commentCount = false
    /// Cells as text (`cellFormat=string`), or `nil` for JSON.
    var stringFormat: AirtableStringFormat?

    /// From the query: `fields[]=` (brackets literal or encoded, `fields`
    /// and `fields[0]` also accepted), `sort[0][field]`/`sort[0][direction]`.
    /// Parameters Airtable does not define, such as the lesson's own
    /// `api_key` and `typecast`, are ignored.
    static func fromQuery(_ items: [(name: String, value: String)]) throws(AirtableFailure) -> AirtableListParameters {
        var parameters = AirtableListParameters()
        var sortParts: [Int: (field: String?, direction: String?)] = [:]
        var cellFormat: (format: String?, timeZone: String?, locale: String?)
        for (name, value) in items {
            switch name {
            case "pageSize", "limit":
                // `limit` is the deprecated name airtable.js still sends from `table.list`.
                parameters.pageSize = try pageSize(wholeNumber(value))
            case "maxRecords":
                parameters.maxRecords = try maxRecords(wholeNumber(value))
            case "offset":
                parameters.offset = value.isEmpty ? nil : value
            case "filterByFormula":
                parameters.filterByFormula = value
            case "view":
                parameters.view = value.isEmpty ? nil : value
            case "cellFormat":
                cellFormat.format = value
            case "timeZone":
                cellFormat.timeZone = value
            case "userLocale":
                cellFormat.locale = value
            case "returnFieldsByFieldId":
                parameters.returnFieldsByFieldID = try flag(value)
            case "recordMetadata[]", "recordMetadata":
                try checkMetadata(value)
                parameters.commentCount = true
            default:
                if name == "fields" || (name.hasPrefix("fields[") && name.hasSuffix("]")) {
                    parameters.fields = (parameters.fields ?? []) + [value]
                } else if let (index, part) = sortKey(name) {
                    var entry = sortParts[index] ?? (nil, nil)
                    if part == "field" { entry.field = value } else { entry.direction = value }
                    sortParts[index] = entry
                }
            }
        }
        for index in sortParts.keys.sorted() {
            guard let field = sortParts[index]?.field else { throw .invalidRequest }
            parameters.sort.append(SortKey(field: field, descending: try descending(sortParts[index]?.direction)))
        }
        parameters.stringFormat = try AirtableStringFormat.requested(
            cellFormat: cellFormat.format, timeZone: cellFormat.timeZone, userLocale: cellFormat.locale)
        return parameters
    }

    /// From a `listRecords` body: the same names with JSON types.
    static func fromBody(_ body: JSON) throws(AirtableFailure) -> AirtableListParameters {
        guard let members = body.objectValue else { throw .invalidRequest }
        var parameters = AirtableListParameters()
        var cellFormat: (format: String?, timeZone: String?, locale: String?)
        for (name, value) in members where value != .null {
            switch name {
            case "pageSize":
                parameters.pageSize = try pageSize(integer(value))
            case "maxRecords":
                parameters.maxRecords = try maxRecords(integer(value))
            case "offset":
                guard let text = value.stringValue else { throw .invalidRequest }
                parameters.offset = text.isEmpty ? nil : text
            case "fields":
                parameters.fields = try strings(value)
            case "filterByFormula":
                guard let text = value.stringValue else { throw .invalidRequest }
                parameters.filterByFormula = text
            case "view":
                guard let text = value.stringValue else { throw .invalidRequest }
                parameters.view = text.isEmpty ? nil : text
            case "cellFormat", "timeZone", "userLocale":
                guard let text = value.stringValue else { throw .invalidRequest }
                switch name {
                case "cellFormat": cellFormat.format = text
                case "timeZone": cellFormat.timeZone = text
                default: cellFormat.locale = text
                }
            case "returnFieldsByFieldId":
                guard let flag = value.boolValue else { throw .invalidRequest }
                parameters.returnFieldsByFieldID = flag
            case "recordMetadata":
                for entry in try strings(value) {
                    try checkMetadata(entry)
                    parameters.commentCount = true
                }
            case "sort":
                guard let entries = value.arrayValue else { throw .invalidRequest }
                for entry in entries {
                    guard let field = entry["field"]?.stringValue else { throw .invalidRequest }
                    let direction = entry["direction"]
                    guard direction == nil || direction?.stringValue != nil else { throw .invalidRequest }
                    parameters.sort.append(
                        SortKey(field: field, descending: try descending(direction?.stringValue)))
                }
            default:
                continue
            }
        }
        parameters.stringFormat = try AirtableStringFormat.requested(
            cellFormat: cellFormat.format, timeZone: cellFormat.timeZone, userLocale: cellFormat.locale)
        return parameters
    }

    /// A query value that is a whole number as Airtable writes one: ASCII
    /// digits only (no sign, no `0x`), at most 9 of them.
    static func wholeNumber(_ text: String) -> Int? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)  // safe: 1 to 9 ASCII digits, checked above
    }

    private static func pageSize(_ value: Int?) throws(AirtableFailure) -> Int {
        guard let value, (1...100).contains(value) else { throw .invalidRequest }
        return value
    }

    private static func maxRecords(_ value: Int?) throws(AirtableFailure) -> Int {
        guard let value, value >= 1 else { throw .invalidRequest }
        return value
    }

    private static func integer(_ value: JSON) -> Int? {
        guard let number = value.numberValue, number == number.rounded(), abs(number) < 1e9 else { return nil }
        return Int(number)
    }

    private static func strings(_ value: JSON) throws(AirtableFailure) -> [String] {
        guard let elements = value.arrayValue else { throw .invalidRequest }
        var result: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw .invalidRequest }
            result.append(text)
        }
        return result
    }

    private static func flag(_ value: String) throws(AirtableFailure) -> Bool {
        switch value {
        case "true", "1": return true
        case "false", "0", "": return false
        default: throw .invalidRequest
        }
    }

    private static func descending(_ direction: String?) throws(AirtableFailure) -> Bool {
        switch direction {
        case nil, "asc": return false
        case "desc": return true
        default: throw .invalidRequest
        }
    }

    private static func checkMetadata(_ value: String) throws(AirtableFailure) {
        guard value == "commentCount" else { throw .invalidRequest }
    }

    /// `sort[3][field]` → (3, "field").
    private static func sortKey(_ name: String) -> (Int, String)? {
        guard name.hasPrefix("sort["), name.hasSuffix("]") else { return nil }
        let inner = name.dropFirst(5).dropLast()
        let parts = inner.split(separator: "][", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), index >= 0, parts[1] == "field" || parts[1] == "direction"
        else { return nil }
        return (index, String(parts[1]))
    }
}
