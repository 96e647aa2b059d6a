import Foundation
import Networking
import SandboxCore

/// A base: its tables in order.
struct AirtableBase: Sendable {
    var id: String
    var name: String
    var tables: [AirtableTable] = []

    /// A table by id, or by name as Airtable matches it: regardless of
    /// case (pyairtable's own suite names one table `Everything` and
    /// `EVERYTHING` against the same base), the exact spelling first.
    func tableIndex(_ key: String) -> Int? {
        tables.firstIndex { $0.id == key } ?? tables.firstIndex { $0.name == key }
            ?? tables.firstIndex { $0.name.caseInsensitiveCompare(key) == .orderedSame }
    }
}
