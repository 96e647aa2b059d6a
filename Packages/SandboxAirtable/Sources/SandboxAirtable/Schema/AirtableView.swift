import Foundation
import Networking
import SandboxCore

/// A saved view: its own filter and order.
struct AirtableView: Sendable {
    var id: String
    var name: String
    var filterByFormula: String?
    var sort: [AirtableSort] = []
}
