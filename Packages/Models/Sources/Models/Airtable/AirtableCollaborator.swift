import Foundation

/// An Airtable user in a collaborator field, such as a project's lead.
///
/// Airtable sends `{"id", "email", "name"}`. It leaves `name` out for a user
/// who never set one, so that alone is optional. To write a collaborator
/// field, the `id` is enough; Airtable ignores the rest.
public struct AirtableCollaborator: Sendable, Hashable, Codable, Identifiable {
    /// The user id, such as `usr3VLCpyqgcI46Sh`.
    public var id: String
    /// The user's email address.
    public var email: String
    /// The name to show, when the user has one.
    public var name: String?

    /// Creates a collaborator.
    public init(id: String, email: String, name: String? = nil) {
        self.id = id
        self.email = email
        self.name = name
    }
}
