import Foundation
import Networking
import SandboxCore

/// The collaborators a base knows (those of the lesson's data), to check
/// and complete collaborator values.
struct AirtableCollaborators: Sendable {
    private let users: [JSON]

    init(users: [JSON]) {
        var unique: [String: JSON] = [:]
        for user in users {
            if let id = user["id"]?.stringValue, unique[id] == nil {
                unique[id] = user
            }
        }
        self.users = unique.keys.sorted().compactMap { unique[$0] }
    }

    func byID(_ id: String) -> JSON? {
        users.first { $0["id"]?.stringValue == id }
    }

    func byEmail(_ email: String) -> JSON? {
        users.first { $0["email"]?.stringValue?.lowercased() == email.lowercased() }
    }

    func byName(_ name: String) -> JSON? {
        users.first { $0["name"]?.stringValue == name }
    }
}
