import Foundation
import Networking
import SandboxCore

/// The most records one create, update or delete may carry.
private let batchLimit = 10

extension AirtableEmulator {
    /// `POST /v0/{base}/{table}`: `{"fields":{…}}` answers one record,
    /// `{"records":[{"fields":{…}}, …]}` (at most 10) answers `{"records":[…]}`.
    func create(_ request: SandboxRequest, base: String, table: String) async throws(AirtableFailure) -> SandboxResponse
    {
        let body = try Self.jsonBody(request)
        let writer = cellWriter(body, request)
        let byID = body["returnFieldsByFieldId"]?.boolValue ?? false
        if let records = body["records"] {
            guard let elements = records.arrayValue, !elements.isEmpty else { throw .invalidCreateRecords }
            guard elements.count <= batchLimit else { throw .tooManyCreates(elements.count) }
            var collected: [[String: JSON]] = []
            for element in elements {
                guard let fields = element["fields"]?.objectValue else { throw .invalidCreateRecords }
                collected.append(fields)
            }
            let inputs = collected
            let created = try await store.write(base: base, table: table) { transaction throws(AirtableFailure) in
                var records: [JSON] = []
                var ids: [String] = []
                for input in inputs {
                    var cells: [String: JSON] = [:]
                    try writer.apply(input, to: &cells, existing: [:], in: &transaction)
                    ids.append(transaction.insert(cells: cells).id)
                }
                for id in ids {
                    if let record = transaction.record(id) {
                        records.append(
                            AirtableCells.render(
                                record, in: transaction.table, byFieldID: byID, computation: transaction.computation))
                    }
                }
                return JSON.object(["records": .array(records)])
            }
            return .json(200, created)
        }
        guard let field = body["fields"] else { throw .missingFields("fields") }
        guard let input = field.objectValue else { throw .invalidRequest }
        let created = try await store.write(base: base, table: table) { transaction throws(AirtableFailure) in
            var cells: [String: JSON] = [:]
            try writer.apply(input, to: &cells, existing: [:], in: &transaction)
            let record = transaction.insert(cells: cells)
            return AirtableCells.render(
                record, in: transaction.table, byFieldID: byID, computation: transaction.computation)
        }
        return .json(200, created)
    }

    /// `PATCH`/`PUT /v0/{base}/{table}/{record}`: PATCH changes the given
    /// fields, PUT also clears every other one.
    func updateOne(
        _ request: SandboxRequest, base: String, table: String, record id: String, replacing: Bool
    ) async throws(AirtableFailure) -> SandboxResponse {
        let body = try Self.jsonBody(request)
        guard let field = body["fields"] else { throw .missingFields("fields") }
        guard let input = field.objectValue else { throw .invalidRequest }
        let writer = cellWriter(body, request)
        let byID = body["returnFieldsByFieldId"]?.boolValue ?? false
        let updated = try await store.write(base: base, table: table) { transaction throws(AirtableFailure) in
            guard let record = transaction.record(id) else { throw .notFound }
            var cells = replacing ? [:] : record.cells
            try writer.apply(input, to: &cells, existing: record.cells, in: &transaction)
            transaction.replaceCells(of: id, with: cells)
            return AirtableCells.render(
                transaction.record(id) ?? record, in: transaction.table, byFieldID: byID,
                computation: transaction.computation)
        }
        return .json(200, updated)
    }

    /// `PATCH`/`PUT /v0/{base}/{table}` with `{"records":[{"id","fields"}]}`
    /// (at most 10), or with `performUpsert.fieldsToMergeOn` where records
    /// without an id are matched on those fields, against the table as it
    /// was before the request: none matching creates, one matching updates,
    /// several is an error; an empty merge value matches nothing. Each
    /// record is listed once in `records`, `createdRecords` and
    /// `updatedRecords`. All or nothing.
    func updateMany(
        _ request: SandboxRequest, base: String, table: String, replacing: Bool
    ) async throws(AirtableFailure) -> SandboxResponse {
        let body = try Self.jsonBody(request)
        guard let records = body["records"] else { throw .missingFields("records") }
        guard let elements = records.arrayValue, (1...batchLimit).contains(elements.count) else {
            throw .invalidUpdateRecords
        }
        let mergeOn = try mergeFields(body["performUpsert"])
        var collected: [(id: String?, fields: [String: JSON])] = []
        for element in elements {
            guard let fields = element["fields"]?.objectValue else { throw .invalidUpdateRecords }
            let id = element["id"]?.stringValue
            guard id != nil || (mergeOn != nil && element["id"] == nil) else { throw .invalidUpdateRecords }
            collected.append((id, fields))
        }
        let inputs = collected
        let writer = cellWriter(body, request)
        let byID = body["returnFieldsByFieldId"]?.boolValue ?? false
        let updated = try await store.write(base: base, table: table) { transaction throws(AirtableFailure) in
            var resolvedMerge: [String] = []
            for key in mergeOn ?? [] {
                guard let field = transaction.table.field(key) else { throw .unknownField(key) }
                // Airtable's documented merge field types: number, text, long
                // text, single and multiple select, date.
                switch field.type {
                case .number, .singleSelect, .multipleSelects, .date: break
                case _ where field.type.isText && field.type != .richText: break
                default: throw .invalidRequest
                }
                resolvedMerge.append(field.id)
            }
            // Records are matched against the table as it was before the
            // request (so one input never matches what an earlier input of
            // the same request created or changed), and a record is listed
            // once however many inputs wrote it. An empty merge value (a
            // field left out, null, "" or []) matches nothing, so such an
            // input creates a record: Airtable's merge fields must be exact
            // matches, and an empty cell has no value to match.
            let existing = mergeOn == nil ? [] : Array(transaction.table.records.values)
            var ids: [String] = []
            var created: [String] = []
            var updated: [String] = []
            for input in inputs {
                var target = input.id
                if target == nil {
                    var candidate: [String: JSON] = [:]
                    try writer.apply(input.fields, to: &candidate, existing: [:], in: &transaction)
                    let keys = resolvedMerge.map { candidate[$0] ?? .null }
                    let matches =
                        keys.contains(where: Self.isEmptyCell)
                        ? []
                        : existing.filter { record in
                            zip(resolvedMerge, keys).allSatisfy { field, key in record.cells[field] == key }
                        }
                    guard matches.count <= 1 else { throw .invalidRequest }
                    if let match = matches.first {
                        target = match.id
                    } else {
                        let record = transaction.insert(cells: candidate)
                        ids.append(record.id)
                        created.append(record.id)
                        continue
                    }
                }
                guard let id = target, let record = transaction.record(id) else {
                    throw .rowDoesNotExist(target ?? "")
                }
                var cells = replacing ? [:] : record.cells
                try writer.apply(input.fields, to: &cells, existing: record.cells, in: &transaction)
                transaction.replaceCells(of: id, with: cells)
                if !ids.contains(id) { ids.append(id) }
                if !updated.contains(id), !created.contains(id) { updated.append(id) }
            }
            var response: [String: JSON] = [
                "records": .array(
                    ids.compactMap { id in
                        transaction.record(id).map {
                            AirtableCells.render(
                                $0, in: transaction.table, byFieldID: byID, computation: transaction.computation)
                        }
                    })
            ]
            if mergeOn != nil {
                response["createdRecords"] = .array(created.map(JSON.string))
                response["updatedRecords"] = .array(updated.map(JSON.string))
            }
            return JSON.object(response)
        }
        return .json(200, updated)
    }

    /// Whether a cell holds nothing a merge could match: absent, `null`,
    /// an empty string or an empty list.
    static func isEmptyCell(_ value: JSON) -> Bool {
        switch value {
        case .null: true
        case .string(let text): text.isEmpty
        case .array(let elements): elements.isEmpty
        default: false
        }
    }

    /// `DELETE /v0/{base}/{table}/{record}` → `{"id","deleted":true}`.
    func deleteOne(base: String, table: String, record id: String) async throws(AirtableFailure) -> SandboxResponse {
        let deleted = try await store.write(base: base, table: table) { transaction throws(AirtableFailure) in
            guard transaction.record(id) != nil else { throw .notFound }
            transaction.delete(id)
            return JSON.object(["id": .string(id), "deleted": true])
        }
        return .json(200, deleted)
    }

    /// `DELETE /v0/{base}/{table}?records[]=rec…&records[]=rec…` (at most
    /// 10) → `{"records":[{"id","deleted":true}, …]}`; nothing is deleted
    /// unless every record exists.
    func deleteMany(_ request: SandboxRequest, base: String, table: String) async throws(AirtableFailure)
        -> SandboxResponse
    {
        let ids = request.queryItems.filter { $0.name.hasPrefix("records[") && $0.name.hasSuffix("]") }.map(\.value)
        guard (1...batchLimit).contains(ids.count), ids.allSatisfy({ AirtableID.isValid($0, prefix: "rec") }) else {
            throw .invalidDeleteRecords
        }
        let deleted = try await store.write(base: base, table: table) { transaction throws(AirtableFailure) in
            guard ids.allSatisfy({ transaction.record($0) != nil }) else { throw .notFound }
            for id in ids {
                transaction.delete(id)
            }
            return JSON.object([
                "records": .array(ids.map { ["id": .string($0), "deleted": true] })
            ])
        }
        return .json(200, deleted)
    }

    /// `typecast` from the body, as Airtable reads it; the lesson puts it
    /// in the query string (`?typecast=true`), which is honoured too.
    private func cellWriter(_ body: JSON, _ request: SandboxRequest) -> AirtableCellWriter {
        let typecast = body["typecast"]?.boolValue ?? (request.query("typecast") == "true")
        return AirtableCellWriter(typecast: typecast, collaborators: collaborators)
    }

    /// `performUpsert: {"fieldsToMergeOn": [1 to 3 field names]}`, or `nil`.
    private func mergeFields(_ value: JSON?) throws(AirtableFailure) -> [String]? {
        guard let value, value != .null else { return nil }
        guard let names = value["fieldsToMergeOn"]?.arrayValue, (1...3).contains(names.count) else {
            throw .invalidRequest
        }
        var fields: [String] = []
        for name in names {
            guard let text = name.stringValue else { throw .invalidRequest }
            fields.append(text)
        }
        return fields
    }
}
