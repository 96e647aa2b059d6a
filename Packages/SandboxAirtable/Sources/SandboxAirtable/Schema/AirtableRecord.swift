import Foundation
import Networking
import SandboxCore

/// A record: cells keyed by field id, empty values never stored.
struct AirtableRecord: Sendable {
    var id: String
    var createdTime: String
    /// Creation order: the table's default order and the auto number.
    var sequence: Int
    var cells: [String: JSON] = [:]
    /// Its comments, oldest first, as the API's comment objects.
    var comments: [JSON] = []
    /// When a cell last changed, when one has since it was created.
    var modifiedTime: String?

    /// When a cell last changed: what last-modified-time fields and
    /// `LAST_MODIFIED_TIME()` read.
    var lastModifiedTime: String { modifiedTime ?? createdTime }
}
