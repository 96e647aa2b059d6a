import Foundation
import Networking
import SandboxCore

/// One option of a select field.
struct AirtableChoice: Sendable, Hashable {
    var id: String
    var name: String
    var color: String
}
