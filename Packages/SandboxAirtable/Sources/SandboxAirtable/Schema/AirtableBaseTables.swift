import Foundation
import Networking
import SandboxCore

/// A base's tables by id, shared by every table handed out for one
/// request (each stored without its own ``AirtableTable/base``).
final class AirtableBaseTables: Sendable {
    let tables: [String: AirtableTable]

    init(_ base: AirtableBase) {
        var tables: [String: AirtableTable] = [:]
        for var table in base.tables {
            table.base = nil
            tables[table.id] = table
        }
        self.tables = tables
    }
}
