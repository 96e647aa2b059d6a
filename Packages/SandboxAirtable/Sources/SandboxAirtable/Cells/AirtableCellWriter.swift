import Foundation
import Networking
import SandboxCore

/// Checks and converts written cell values per field type, as Airtable
/// does: strict by default, converting strings to numbers, booleans and
/// dates and adding missing select options with `typecast`.
struct AirtableCellWriter {
    let typecast: Bool
    let collaborators: AirtableCollaborators

    /// ASCII digits with at most one point: no sign, exponent or `0x`.
    static func isDecimal<Text: StringProtocol>(_ text: Text) -> Bool {
        let digits = text.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.count
        let points = text.utf8.filter { $0 == 0x2E }.count
        return digits > 0 && points <= 1 && digits + points == text.utf8.count
    }

    /// Applies a `fields` object to `cells`: by field name or id, `null` or
    /// an empty value clears, computed fields are refused. Keys are handled
    /// in sorted order so the error reported for a bad request is stable.
    func apply(
        _ input: [String: JSON],
        to cells: inout [String: JSON],
        existing: [String: JSON],
        in transaction: inout AirtableTableTransaction
    ) throws(AirtableFailure) {
        for key in input.keys.sorted() {
            guard let value = input[key], let field = transaction.table.field(key) else {
                throw .unknownField(key)
            }
            if field.type.isComputed {
                throw .computedField(field.name)
            }
            if let converted = try convert(value, for: field, existing: existing[field.id], in: &transaction),
                !AirtableCells.isEmpty(converted)
            {
                cells[field.id] = converted
            } else {
                cells[field.id] = nil
            }
        }
    }

    /// The value to store, or `nil` to clear the cell.
    func convert(
        _ value: JSON,
        for field: AirtableField,
        existing: JSON?,
        in transaction: inout AirtableTableTransaction
    ) throws(AirtableFailure) -> JSON? {
        if value == .null { return nil }
        switch field.type {
        case .singleLineText, .multilineText, .richText, .email, .url, .phoneNumber:
            if typecast, let elements = value.arrayValue {
                var parts: [String] = []
                for element in elements {
                    parts.append(try text(element, field))
                }
                return .string(parts.joined(separator: ", "))
            }
            return .string(try text(value, field))
        case .number, .currency:
            return .number(try number(value, field))
        case .percent:
            // Typecast text may say `25%`, which is the fraction 0.25.
            if typecast, let text = value.stringValue?.trimmingCharacters(in: .whitespaces), text.hasSuffix("%") {
                return .number(try number(.string(String(text.dropLast())), field) / 100)
            }
            return .number(try number(value, field))
        case .duration:
            if typecast, let text = value.stringValue, text.contains(":") {
                guard let seconds = AirtableDuration.seconds(in: text) else { throw .invalidValue(field: field.name) }
                return .number(seconds)
            }
            return .number(try number(value, field))
        case .rating:
            // Whole stars from 1 to the field's maximum; 0 clears.
            let stars = try number(value, field)
            let maximum = field.options["max"]?.numberValue ?? 5
            guard stars == stars.rounded(), stars >= 0, stars <= maximum else { throw .invalidValue(field: field.name) }
            return stars == 0 ? nil : .number(stars)
        case .dateTime:
            return .string(try dateTime(value, field))
        case .barcode:
            if let text = value.stringValue, typecast { return ["text": .string(text)] }
            guard let text = value["text"]?.stringValue else { throw .invalidValue(field: field.name) }
            var barcode: [String: JSON] = ["text": .string(text)]
            if let type = value["type"]?.stringValue { barcode["type"] = .string(type) }
            return .object(barcode)
        case .checkbox:
            return .bool(try checkbox(value, field))
        case .date:
            return .string(try date(value, field))
        case .singleSelect:
            return .string(try option(try text(value, field), field, &transaction))
        case .multipleSelects:
            return .array(try options(value, field, &transaction).map(JSON.string))
        case .multipleRecordLinks:
            return .array(
                try recordLinks(value, field, in: transaction.table, computation: transaction.computation).map(
                    JSON.string))
        case .singleCollaborator:
            return try collaborator(value, field)
        case .multipleCollaborators:
            let elements = typecast && value.arrayValue == nil ? [value] : value.arrayValue
            guard let elements else { throw .invalidValue(field: field.name) }
            var result: [JSON] = []
            for element in elements {
                result.append(try collaborator(element, field))
            }
            return .array(result)
        case .multipleAttachments:
            return .array(try attachments(value, field, existing: existing))
        case .formula, .rollup, .count, .multipleLookupValues, .createdTime, .lastModifiedTime, .createdBy,
            .lastModifiedBy, .autoNumber, .button, .externalSyncSource, .aiText:
            throw .computedField(field.name)
        }
    }

    /// An instant, stored as `YYYY-MM-DDTHH:mm:ss.SSSZ` in UTC: ISO 8601
    /// with an offset or `Z` (a date alone is midnight UTC); `typecast`
    /// also reads the other forms `DATETIME_PARSE` reads without a format.
    private func dateTime(_ value: JSON, _ field: AirtableField) throws(AirtableFailure) -> String {
        guard let text = value.stringValue?.trimmingCharacters(in: .whitespaces),
            typecast || AirtableDate.isoDay(text) != nil, let date = AirtableFormulaDate(parsing: text)
        else { throw .invalidValue(field: field.name) }
        return date.isoText
    }

    private func text(_ value: JSON, _ field: AirtableField) throws(AirtableFailure) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number) where typecast: return JSON.number(number).jsonText
        case .bool(let flag) where typecast: return flag ? "true" : "false"
        default: throw .invalidValue(field: field.name)
        }
    }

    private func number(_ value: JSON, _ field: AirtableField) throws(AirtableFailure) -> Double {
        switch value {
        case .number(let number): return number
        case .string(let text) where typecast:
            // Text as people write amounts: `$1,234.50`, `€ 12`, `-3`.
            var cleaned = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
            let negative = cleaned.hasPrefix("-")
            if negative { cleaned.removeFirst() }
            cleaned = String(cleaned.drop { !$0.isNumber && $0 != "." }).trimmingCharacters(in: .whitespaces)
            guard cleaned.utf8.count <= 64, Self.isDecimal(cleaned), let number = Double(cleaned),
                number.isFinite
            else {
                throw .invalidValue(field: field.name)
            }
            return negative ? -number : number
        case .bool(let flag) where typecast: return flag ? 1 : 0
        default: throw .invalidValue(field: field.name)
        }
    }

    private func checkbox(_ value: JSON, _ field: AirtableField) throws(AirtableFailure) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .number(let number) where typecast: return number != 0
        case .string(let text) where typecast:
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes", "1", "checked", "on", "x": return true
            case "false", "no", "0", "unchecked", "off", "": return false
            default: throw .invalidValue(field: field.name)
            }
        default: throw .invalidValue(field: field.name)
        }
    }

    /// `YYYY-MM-DD`, or a full ISO 8601 timestamp (its date is kept);
    /// `typecast` also reads every other form `DATETIME_PARSE` reads
    /// without a format (`M/D/YYYY`, `YYYY/M/D`, `4 Mar 2017`, …).
    private func date(_ value: JSON, _ field: AirtableField) throws(AirtableFailure) -> String {
        guard let text = value.stringValue?.trimmingCharacters(in: .whitespaces) else {
            throw .invalidValue(field: field.name)
        }
        if let day = AirtableDate.isoDay(text) {
            return day
        }
        if typecast, let day = AirtableFormulaDate(parsing: text).flatMap({ AirtableDate.isoDay($0.isoText) }) {
            return day
        }
        throw .invalidValue(field: field.name)
    }

    private func option(
        _ name: String, _ field: AirtableField, _ transaction: inout AirtableTableTransaction
    ) throws(AirtableFailure) -> String {
        let current = transaction.table.field(field.id) ?? field
        if current.choiceIndex(name) != nil || name.isEmpty {
            return name
        }
        guard typecast else { throw .newSelectOption(name) }
        transaction.addChoice(name, toField: field.id)
        return name
    }

    private func options(
        _ value: JSON, _ field: AirtableField, _ transaction: inout AirtableTableTransaction
    ) throws(AirtableFailure) -> [String] {
        let names: [String]
        switch value {
        case .array(let elements):
            var collected: [String] = []
            for element in elements {
                collected.append(try text(element, field))
            }
            names = collected
        case .string(let text) where typecast:
            names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        default:
            throw .invalidValue(field: field.name)
        }
        var result: [String] = []
        for name in names where !name.isEmpty && !result.contains(name) {
            result.append(try option(name, field, &transaction))
        }
        return result
    }

    /// Record ids; with `typecast`, also a comma-separated string, and
    /// names of linked records (the text of their primary field), which
    /// link the first record of that name. A name no record has is
    /// refused: Airtable would create that record, which the emulator does
    /// not do (a write changes one table).
    private func recordLinks(
        _ value: JSON, _ field: AirtableField, in table: AirtableTable, computation: AirtableComputation
    ) throws(AirtableFailure) -> [String] {
        let elements: [JSON]
        switch value {
        case .array(let array): elements = array
        case .string(let text) where typecast:
            elements = text.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) }
        default: throw .invalidRecordIDs
        }
        var ids: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw .invalidRecordIDs }
            var id = text
            if !AirtableID.isValid(text, prefix: "rec") {
                guard typecast,
                    let named = linkedRecord(named: text, for: field, in: table, computation: computation)
                else {
                    throw .invalidRecordIDs
                }
                id = named
            }
            if !ids.contains(id) {
                ids.append(id)
            }
        }
        return ids
    }

    /// The first record, in the linked table's order, whose primary field
    /// reads `name`.
    private func linkedRecord(
        named name: String, for field: AirtableField, in table: AirtableTable, computation: AirtableComputation
    ) -> String? {
        guard let linked = table.linkedTable(of: field), let primary = linked.fields.first else { return nil }
        return linked.orderedRecords.first { record in
            let cell = AirtableCells.value(of: primary, in: record, table: linked, computation: computation)
            return cell.map { AirtableFormulaEvaluator.value(of: $0).text } == name
        }?.id
    }

    /// A known collaborator by `id` or `email` (with `typecast`, a bare
    /// string naming either); Airtable fills in the rest.
    private func collaborator(_ value: JSON, _ field: AirtableField) throws(AirtableFailure) -> JSON {
        let found: JSON?
        switch value {
        case .object(let members):
            found =
                members["id"]?.stringValue.flatMap(collaborators.byID)
                ?? members["email"]?.stringValue.flatMap(collaborators.byEmail)
        case .string(let text) where typecast:
            found = collaborators.byID(text) ?? collaborators.byEmail(text) ?? collaborators.byName(text)
        default:
            found = nil
        }
        guard let found else { throw .invalidValue(field: field.name) }
        return found
    }

    /// Existing attachments are kept by `id`; new ones are given by `url`
    /// (Airtable downloads them after the write, and so does
    /// `AirtableAttachmentFetcher` for URLs on this machine).
    private func attachments(
        _ value: JSON, _ field: AirtableField, existing: JSON?
    ) throws(AirtableFailure) -> [JSON] {
        guard let elements = value.arrayValue else { throw .invalidValue(field: field.name) }
        let current = existing?.arrayValue ?? []
        var result: [JSON] = []
        for element in elements {
            if let id = element["id"]?.stringValue {
                guard let kept = current.first(where: { $0["id"]?.stringValue == id }) else {
                    throw .invalidValue(field: field.name)
                }
                result.append(kept)
            } else if let url = element["url"]?.stringValue, !url.isEmpty {
                let filename =
                    element["filename"]?.stringValue
                    ?? URL(string: url)?.lastPathComponent.nonEmpty ?? "attachment"
                result.append([
                    "id": .string(AirtableID.make("att")), "url": .string(url), "filename": .string(filename),
                ])
            } else {
                throw .invalidValue(field: field.name)
            }
        }
        return result
    }
}
extension String {
    fileprivate var nonEmpty: String? {
        isEmpty ? nil : self
    }
}
