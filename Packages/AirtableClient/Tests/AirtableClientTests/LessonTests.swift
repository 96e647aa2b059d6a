import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

@Suite("The lesson's surface")
struct LessonTests {
    @Test("getProjects gives the 16 projects, post adds one")
    func getAndPost() async throws {
        let harness = try await Harness()
        let client = harness.client(table: "tblSomethingElse")
        let projects = try await client.getProjects()
        #expect(projects.count == 16)
        #expect(projects.map(\.name).contains("Hand hygiene system"))
        let record = try await client.post(Project(name: "Test", dueDate: CalendarDate("2024-01-31")))
        #expect(record.fields.name == "Test")
        #expect(try await client.getProjects().count == 17)
        let posts = await harness.requests(method: "POST")
        #expect(posts.map(\.path) == ["/v0/\(Harness.baseID)/Design%20projects"])
    }

    @Test("post sends the lesson's typecast, so a category the base lacks is added, not refused")
    func postTypecasts() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let record = try await client.post(Project(name: "Mascot", category: "Sports branding"))
        #expect(record.fields.category == "Sports branding")
        // Without typecast, the same record is refused as Airtable refuses it.
        await #expect(throws: NetworkError.self) {
            try await client.table(AirtableClient.designProjectsTable)
                .create(Project(name: "Mascot 2", category: "Esports branding"))
        }
    }

    @Test("The completion handlers deliver on the main queue")
    func completions() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let projects: [Project] = try await withCheckedThrowingContinuation { continuation in
            client.getProjects { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(projects.count == 16)
        let record: AirtableRecord<Project> = try await withCheckedThrowingContinuation { continuation in
            client.post(Project(name: "From a completion")) { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(record.id.hasPrefix("rec"))
    }

    @Test("A failure reaches the completion handler as NetworkError")
    func completionFailure() async throws {
        let harness = try await Harness()
        let result: Result<[Project], NetworkError> = await withCheckedContinuation { continuation in
            harness.client(token: "wrong").getProjects { continuation.resume(returning: $0) }
        }
        guard case .failure(.unauthenticated) = result else {
            Issue.record("expected unauthenticated, got \(result)")
            return
        }
    }
}
