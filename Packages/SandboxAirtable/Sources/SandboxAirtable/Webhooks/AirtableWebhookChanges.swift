import Foundation
import Networking
import SandboxCore

/// What a write changed in a table, as a webhook payload's
/// `changedTablesById` entry: `createdRecordsById`, `changedRecordsById`
/// (the changed cells, now and before) and `destroyedRecordIds`.
enum AirtableWebhookChanges {
    /// The changes from `before` to `after` among `touched` records; `nil`
    /// when no cell changed (a comment, say).
    static func between(_ before: AirtableTable, _ after: AirtableTable, touched: Set<String>) -> JSON? {
        var created: [String: JSON] = [:]
        var changed: [String: JSON] = [:]
        var destroyed: [JSON] = []
        for id in touched.sorted() {
            switch (before.records[id], after.records[id]) {
            case (nil, let record?):
                created[id] = [
                    "createdTime": .string(record.createdTime), "cellValuesByFieldId": .object(record.cells),
                ]
            case (_?, nil):
                destroyed.append(.string(id))
            case (let old?, let new?):
                let fields = Set(old.cells.keys).union(new.cells.keys).filter { old.cells[$0] != new.cells[$0] }
                guard !fields.isEmpty else { continue }
                var current: [String: JSON] = [:]
                var previous: [String: JSON] = [:]
                for field in fields {
                    current[field] = new.cells[field] ?? .null
                    previous[field] = old.cells[field] ?? .null
                }
                changed[id] = [
                    "current": ["cellValuesByFieldId": .object(current)],
                    "previous": ["cellValuesByFieldId": .object(previous)],
                ]
            case (nil, nil):
                continue
            }
        }
        var entry: [String: JSON] = [:]
        if !created.isEmpty { entry["createdRecordsById"] = .object(created) }
        if !changed.isEmpty { entry["changedRecordsById"] = .object(changed) }
        if !destroyed.isEmpty { entry["destroyedRecordIds"] = .array(destroyed) }
        return entry.isEmpty ? nil : .object(entry)
    }
}
