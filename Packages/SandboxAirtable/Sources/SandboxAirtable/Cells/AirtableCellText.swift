import Foundation
import Networking
import SandboxCore

/// `cellFormat=string`: every cell as the text Airtable shows a person,
/// in the request's `timeZone` and `userLocale` (both required then).
///
/// Airtable warns that these strings may change; the emulator follows the
/// field's options as the web app shows them: a number's `precision`, a
/// currency's `symbol` with thousands grouped, a percent times 100, a
/// duration's `durationFormat`, a date's `dateFormat` and `timeFormat` in
/// the field's `timeZone` (`client`, or no zone, meaning the request's),
/// linked records by their primary field, collaborators by name,
/// attachments as `filename (url)`, a checked box as `checked`, lists
/// joined with `, `. The locale names a `friendly` date's month (from the
/// platform's locale data, ``AirtableDateLocale``) and picks the order of
/// a `local` date's day, month and year.
struct AirtableStringFormat: Sendable, Hashable {
    var timeZone: TimeZone
    /// The locale, lowercased (`en-gb`).
    var locale: String

    /// The format a request asks for: `nil` for `json` (the default), a
    /// refusal for any other format, or for `string` without a valid
    /// `timeZone` and `userLocale`.
    static func requested(cellFormat: String?, timeZone: String?, userLocale: String?) throws(AirtableFailure)
        -> AirtableStringFormat?
    {
        switch cellFormat {
        case nil, "json":
            return nil
        case "string":
            guard let timeZone, timeZone.utf8.count <= 64, let zone = TimeZone(identifier: timeZone),
                let userLocale, isLocale(userLocale)
            else { throw .invalidRequest }
            return AirtableStringFormat(timeZone: zone, locale: userLocale.lowercased())
        default:
            throw .invalidRequest
        }
    }

    /// `en`, `en-gb`, `zh-tw`: a language and maybe a region, as Airtable's
    /// locale list spells them.
    private static func isLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count) else { return false }
        return parts.allSatisfy { part in
            (2...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
                || (part.count == 3 && part.allSatisfy(\.isNumber))
        }
    }

    /// The order of a `local` date's parts in this locale (Moment's `l`).
    var localDateFormat: String {
        let language = locale.split(separator: "-").first.map(String.init) ?? locale
        switch locale {
        case "en-gb", "en-au", "en-nz", "en-ie", "en-in": return "D/M/YYYY"
        case "en-ca": return "YYYY-M-D"
        default: break
        }
        switch language {
        case "de", "ru", "pl", "cs", "fi", "nb", "da", "tr", "uk": return "D.M.YYYY"
        case "fr", "es", "it", "pt", "el", "vi", "id": return "D/M/YYYY"
        case "nl": return "D-M-YYYY"
        case "ja", "zh", "ko", "hu": return "YYYY/M/D"
        case "sv", "lt": return "YYYY-MM-DD"
        default: return "M/D/YYYY"
        }
    }
}

/// Cells as text, for ``AirtableStringFormat``.
enum AirtableCellText {
    /// The text of one cell, `nil` when the cell is empty.
    static func text(
        of field: AirtableField, in record: AirtableRecord, table: AirtableTable, format: AirtableStringFormat,
        computation: AirtableComputation
    ) -> String? {
        guard let value = AirtableCells.value(of: field, in: record, table: table, computation: computation),
            !AirtableCells.isEmpty(value)
        else { return nil }
        let text = self.text(of: value, as: field, options: field.options, in: table, format, computation)
        return text.isEmpty ? nil : text
    }

    /// The text of `value` as a cell of `field` (whose table is `table`)
    /// shows it.
    private static func text(
        of value: JSON, as field: AirtableField, options: [String: JSON], in table: AirtableTable,
        _ format: AirtableStringFormat, _ computation: AirtableComputation
    ) -> String {
        switch field.type {
        case .number, .rating, .autoNumber, .count:
            return value.numberValue.map { number($0, precision: options["precision"]) } ?? plain(value)
        case .currency:
            guard let amount = value.numberValue else { return plain(value) }
            let symbol = options["symbol"]?.stringValue ?? "$"
            let digits = grouped(number(Swift.abs(amount), precision: options["precision"] ?? 2))
            return (amount < 0 ? "-" : "") + symbol + digits
        case .percent:
            guard let fraction = value.numberValue else { return plain(value) }
            return number(fraction * 100, precision: options["precision"]) + "%"
        case .duration:
            return value.numberValue.map { duration($0, options["durationFormat"]?.stringValue) } ?? plain(value)
        case .checkbox:
            return value.boolValue == true ? "checked" : ""
        case .date:
            return dateText(value, options, format, withTime: false)
        case .dateTime, .createdTime, .lastModifiedTime:
            // Created and modified times keep their format in `result`.
            let own = options["result"]?["options"]?.objectValue ?? options
            return dateText(value, own, format, withTime: true)
        case .multipleRecordLinks:
            return linkedNames(value, field, in: table, format, computation)
        case .multipleLookupValues:
            return lookupText(value, field, in: table, format, computation)
        case .formula, .rollup:
            // A computed field shows its result as a field of the result's
            // type would, when the schema says which.
            if let result = options["result"], let type = result["type"]?.stringValue.flatMap(AirtableFieldType.init),
                !type.isComputed || type == .createdTime
            {
                let shaped = AirtableField(id: field.id, name: field.name, type: type)
                let resultOptions = result["options"]?.objectValue ?? [:]
                return list(value) { text(of: $0, as: shaped, options: resultOptions, in: table, format, computation) }
            }
            return plain(value)
        default:
            return plain(value)
        }
    }

    /// Text, numbers as JavaScript prints them, objects by their name,
    /// email, label, text or `filename (url)`; lists joined with `, `.
    private static func plain(_ value: JSON) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "checked" : ""
        case .number(let number): AirtableFormulaValue.text(of: number)
        case .string(let text): text
        case .array(let elements): elements.map(plain).filter { !$0.isEmpty }.joined(separator: ", ")
        case .object(let members):
            if let filename = members["filename"]?.stringValue, let url = members["url"]?.stringValue {
                "\(filename) (\(url))"
            } else {
                (members["name"] ?? members["label"] ?? members["text"] ?? members["email"])?.stringValue ?? ""
            }
        }
    }

    private static func list(_ value: JSON, _ each: (JSON) -> String) -> String {
        guard let elements = value.arrayValue else { return each(value) }
        return elements.map(each).filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// `7`, or `7.00` with a precision of 2 (0 to 8 places, as Airtable
    /// offers).
    private static func number(_ value: Double, precision: JSON?) -> String {
        guard let places = precision?.numberValue, places == places.rounded(), (0...8).contains(places) else {
            return AirtableFormulaValue.text(of: value)
        }
        return String(format: "%.*f", Int(places), value)  // safe: 0...8, checked above
    }

    /// `1234567.50` → `1,234,567.50`.
    private static func grouped(_ digits: String) -> String {
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0])
        var result = ""
        for (index, character) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return parts.count == 2 ? result + "." + parts[1] : result
    }

    /// Seconds as `h:mm` (the default), `h:mm:ss`, or with `.S`, `.SS`,
    /// `.SSS` fractions.
    private static func duration(_ seconds: Double, _ format: String?) -> String {
        guard seconds.isFinite else { return "" }
        let fractionDigits =
            switch format {
            case "h:mm:ss.S": 1
            case "h:mm:ss.SS": 2
            case "h:mm:ss.SSS": 3
            default: 0
            }
        let withSeconds = format?.hasPrefix("h:mm:ss") == true
        let scale = pow(10, Double(fractionDigits))
        // Whole units of the finest part shown, so rounding carries over.
        let total = (Swift.abs(seconds) * (withSeconds ? scale : 1.0 / 60)).rounded()
        let unitsPerMinute = withSeconds ? 60 * scale : 1
        let hours = (total / (unitsPerMinute * 60)).rounded(.down)
        let minutes = ((total / unitsPerMinute).rounded(.down)).truncatingRemainder(dividingBy: 60)
        var text = (seconds < 0 ? "-" : "") + String(format: "%.0f:%02.0f", hours, minutes)
        if withSeconds {
            let rest = total.truncatingRemainder(dividingBy: unitsPerMinute) / scale
            text += String(format: ":%0*.*f", fractionDigits == 0 ? 2 : fractionDigits + 3, fractionDigits, rest)
        }
        return text
    }

    /// A date as its field shows it: `dateFormat` (`l`, `LL`, `M/D/YYYY`,
    /// `D/M/YYYY`, `YYYY-MM-DD`), then `timeFormat` (`h:mma` or `HH:mm`)
    /// in the field's zone for a date and time.
    private static func dateText(
        _ value: JSON, _ options: [String: JSON], _ format: AirtableStringFormat, withTime: Bool
    ) -> String {
        guard let text = value.stringValue, var date = AirtableFormulaDate(parsing: text) else { return plain(value) }
        date.locale = format.locale
        var pattern = options["dateFormat"]?["format"]?.stringValue ?? "l"
        if pattern == "l" { pattern = format.localDateFormat }
        guard withTime else { return AirtableDateFormat.format(date, pattern) }
        // `client` (or no zone) is the reader's, `utc` is written in lower
        // case, anything else is a zone name.
        date.timeZone =
            switch options["timeZone"]?.stringValue {
            case nil, "client": format.timeZone
            case "utc": .utc
            case let name?: TimeZone(identifier: name) ?? format.timeZone
            }
        let time = options["timeFormat"]?["format"]?.stringValue ?? "h:mma"
        return AirtableDateFormat.format(date, "\(pattern) \(time == "HH:mm" ? "HH:mm" : "h:mma")")
    }

    /// Linked records by their primary field's text.
    private static func linkedNames(
        _ value: JSON, _ field: AirtableField, in table: AirtableTable, _ format: AirtableStringFormat,
        _ computation: AirtableComputation
    ) -> String {
        guard let linked = table.linkedTable(of: field), let primary = linked.fields.first else { return plain(value) }
        return list(value) { element in
            guard let id = element.stringValue, let record = linked.records[id] else { return plain(element) }
            return computation.nested(orElse: "") {
                text(of: primary, in: record, table: linked, format: format, computation: computation)
            } ?? ""
        }
    }

    /// Looked-up values as their field in the linked table shows them.
    private static func lookupText(
        _ value: JSON, _ field: AirtableField, in table: AirtableTable, _ format: AirtableStringFormat,
        _ computation: AirtableComputation
    ) -> String {
        guard case (_, let linked, let target?)? = table.linkPath(of: field) else { return plain(value) }
        return list(value) { element in
            computation.nested(orElse: "") {
                text(of: element, as: target, options: target.options, in: linked, format, computation)
            }
        }
    }
}
