import Foundation
import Networking
import SandboxCore

/// One sort key, by field id.
struct AirtableSort: Sendable, Hashable {
    var fieldID: String
    var descending: Bool
}
