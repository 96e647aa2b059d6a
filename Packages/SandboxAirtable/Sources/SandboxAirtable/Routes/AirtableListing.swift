import Foundation
import Networking
import SandboxCore

/// "List records": a view's filter and order, `filterByFormula`, `sort`,
/// `maxRecords`, pages of `pageSize` and `offset` cursors.
///
/// Cursors look like Airtable's, `itr…/rec…`: the `itr` part fingerprints
/// the query (table, view, formula, sort, maxRecords) and the `rec` part
/// names the first record of the next page. Nothing is kept on the server,
/// so a cursor outlives a restart; a cursor for another query, or whose
/// record is gone from the listing, is refused as Airtable refuses an
/// expired iterator.
enum AirtableListing {
    static func list(_ parameters: AirtableListParameters, in table: AirtableTable) throws(AirtableFailure) -> JSON {
        let computation = AirtableComputation()
        var records = table.orderedRecords
        var sort: [AirtableSort] = []

        if let key = parameters.view {
            guard let view = table.view(key) else { throw .unknownView(key) }
            if let formula = view.filterByFormula {
                records = try filter(records, formula, table, computation)
            }
            sort = view.sort
        }
        if let formula = parameters.filterByFormula, !formula.trimmingCharacters(in: .whitespaces).isEmpty {
            records = try filter(records, formula, table, computation)
        }
        if !parameters.sort.isEmpty {
            sort = []
            for key in parameters.sort {
                guard let field = table.field(key.field) else { throw .unknownField(key.field) }
                sort.append(AirtableSort(fieldID: field.id, descending: key.descending))
            }
        }
        if !sort.isEmpty {
            records = AirtableSorting.sorted(records, by: sort, in: table, computation: computation)
        }
        if let maxRecords = parameters.maxRecords, records.count > maxRecords {
            records = Array(records.prefix(maxRecords))
        }

        var only: Set<String>?
        if let names = parameters.fields {
            var ids: Set<String> = []
            for name in names {
                guard let field = table.field(name) else { throw .unknownField(name) }
                ids.insert(field.id)
            }
            only = ids
        }

        let fingerprint = self.fingerprint(parameters, table)
        var start = 0
        if let offset = parameters.offset {
            start = try position(of: offset, fingerprint: fingerprint, in: records)
        }
        let end = min(start + parameters.pageSize, records.count)
        let page = records[start..<end].map { record in
            AirtableCells.render(
                record, in: table, only: only, byFieldID: parameters.returnFieldsByFieldID,
                commentCount: parameters.commentCount, stringFormat: parameters.stringFormat, computation: computation)
        }
        var response: [String: JSON] = ["records": .array(page)]
        if end < records.count {
            response["offset"] = .string("\(fingerprint)/\(records[end].id)")
        }
        return .object(response)
    }

    private static func filter(
        _ records: [AirtableRecord], _ text: String, _ table: AirtableTable, _ computation: AirtableComputation
    ) throws(AirtableFailure) -> [AirtableRecord] {
        guard let formula = AirtableFormula.parse(text) else { throw .invalidFormula }
        let unknown = formula.fieldReferences.filter { table.field($0) == nil }
        guard unknown.isEmpty else {
            var seen: Set<String> = []
            throw .unknownFormulaFields(unknown.filter { seen.insert($0).inserted })
        }
        var evaluator = AirtableFormulaEvaluator(table: table, computation: computation)
        return records.filter { evaluator.matches(formula, $0) }
    }

    /// Where the page named by `offset` starts.
    private static func position(
        of offset: String, fingerprint: String, in records: [AirtableRecord]
    ) throws(AirtableFailure) -> Int {
        let parts = offset.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, AirtableID.isValid(parts[0], prefix: "itr"), AirtableID.isValid(parts[1], prefix: "rec")
        else { throw .invalidOffset(offset) }
        guard parts[0] == fingerprint, let index = records.firstIndex(where: { $0.id == parts[1] }) else {
            throw .iteratorNotAvailable
        }
        return index
    }

    private static func fingerprint(_ parameters: AirtableListParameters, _ table: AirtableTable) -> String {
        let sort = parameters.sort.map { "\($0.field):\($0.descending)" }.joined(separator: ",")
        let query = [
            table.id, parameters.view ?? "", parameters.filterByFormula ?? "", sort,
            parameters.maxRecords.map(String.init) ?? "",
        ].joined(separator: "\u{1F}")
        return AirtableID.derived("itr", from: query)
    }
}

/// Sorting as Airtable sorts: empty cells first when ascending, select
/// options in the field's option order, numbers and checkboxes by value,
/// text without regard to case; ties keep the table's order. Each
/// record's keys are read once, before sorting, so a formula field is
/// evaluated once per record rather than once per comparison.
enum AirtableSorting {
    static func sorted(
        _ records: [AirtableRecord], by keys: [AirtableSort], in table: AirtableTable,
        computation: AirtableComputation
    ) -> [AirtableRecord] {
        let fields = keys.compactMap { key in table.field(key.fieldID).map { ($0, key.descending) } }
        let keyed = records.map { record in
            (record, fields.map { AirtableCells.value(of: $0.0, in: record, table: table, computation: computation) })
        }
        return keyed.sorted { lhs, rhs in
            for (index, (field, descending)) in fields.enumerated() {
                let order = compare(lhs.1[index], rhs.1[index], field)
                if order != .orderedSame {
                    return descending ? order == .orderedDescending : order == .orderedAscending
                }
            }
            return lhs.0.sequence < rhs.0.sequence
        }.map(\.0)
    }

    private static func compare(_ lhs: JSON?, _ rhs: JSON?, _ field: AirtableField) -> ComparisonResult {
        let left = lhs.flatMap { AirtableCells.isEmpty($0) ? nil : $0 }
        let right = rhs.flatMap { AirtableCells.isEmpty($0) ? nil : $0 }
        switch (left, right) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case (let left?, let right?): return compareValues(left, right, field)
        }
    }

    private static func compareValues(_ lhs: JSON, _ rhs: JSON, _ field: AirtableField) -> ComparisonResult {
        if field.type == .singleSelect, let left = lhs.stringValue, let right = rhs.stringValue {
            return order(field.choiceIndex(left) ?? Int.max, field.choiceIndex(right) ?? Int.max)
        }
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)): return order(left, right)
        case (.bool(let left), .bool(let right)): return order(left ? 1 : 0, right ? 1 : 0)
        default:
            let left = text(lhs)
            let right = text(rhs)
            let folded = order(left.lowercased(), right.lowercased())
            return folded == .orderedSame ? order(left, right) : folded
        }
    }

    private static func text(_ value: JSON) -> String {
        if case .string(let text) = AirtableFormulaEvaluator.value(of: value) {
            return text
        }
        return value.jsonText
    }

    private static func order<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
        lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
    }
}
