import Foundation
import Models
import Networking

extension AirtableClient {
    /// The lesson's base, `appIBfoNbzEaA72c2` (the "Project tracker" sample).
    public static let lessonBaseID = "appIBfoNbzEaA72c2"
    /// The lesson's table, `Design projects`.
    public static let designProjectsTable = "Design projects"

    /// Every project of the `Design projects` table in the table's order:
    /// the lesson's GET, whatever table this client was made for.
    public func getProjects() async throws(NetworkError) -> [Project] {
        try await table(Self.designProjectsTable).records(as: Project.self).map(\.fields)
    }

    /// Adds a project to `Design projects`: the lesson's POST of
    /// `{"fields":{…}}`, with `typecast`, as the lesson's URL asked
    /// (`?typecast=true`), so a category the base has no option for yet is
    /// added rather than refused with a 422. The flag goes in the body,
    /// where Airtable documents it. Returns the record Airtable created,
    /// with its id.
    @discardableResult
    public func post(_ project: Project) async throws(NetworkError) -> AirtableRecord<Project> {
        try await table(Self.designProjectsTable).create(project, typecast: true)
    }

    /// ``getProjects()`` with the result delivered on the main queue, as
    /// the lesson's table view expects.
    ///
    /// ```swift
    /// airtable.getProjects { result in
    ///     switch result {
    ///     case .success(let projects): self.projects = projects
    ///     case .failure(let error): self.showAlert(error.localizedDescription)
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: A handle to cancel the request (the completion then gets
    ///   `NetworkError.cancelled`).
    @discardableResult
    public func getProjects(
        completion: @escaping @MainActor @Sendable (Result<[Project], NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in try await getProjects() }
    }

    /// ``post(_:)`` with the result delivered on the main queue, as the
    /// lesson's "add project" screen expects.
    @discardableResult
    public func post(
        _ project: Project,
        completion: @escaping @MainActor @Sendable (Result<AirtableRecord<Project>, NetworkError>) -> Void
    ) -> NetworkTask {
        NetworkTask(completion: completion) { () async throws(NetworkError) in try await post(project) }
    }

}
