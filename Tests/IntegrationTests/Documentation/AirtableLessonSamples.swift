import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

/// The code of the Airtable lesson's guide, run against the in-process Sandbox.
@Suite("Documentation: lesson 1, Airtable")
struct AirtableLessonSamples: DocumentationSample {
    let token = AirtableEmulator.Configuration.defaultToken

    @Test("The lesson's GET and POST, async and with a completion")
    @MainActor
    func lesson() async throws {
        let sandbox = try await Sandbox()
        let token = token
        let screen = DocumentationScreen()
        let printed = try await Printed.capture {
            // snippet: airtable-lesson-client
            let airtable = AirtableClient(baseID: "appIBfoNbzEaA72c2", table: "Design projects", token: token)
            let sandboxed = AirtableClient(
                baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: token,
                endpointURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            // end snippet
            #expect(airtable.configuration.endpointURL.absoluteString == "https://api.airtable.com")
            try await showProjects(sandboxed)
            loadData(sandboxed, into: screen)
            await screen.waitForUpdate()
            try await post(sandboxed)
        }
        #expect(
            printed == ["CMCA brand identity 2020-11-07", "Premier utility bike 2020-10-18", "true Test"])
        #expect(screen.updates == ["16 projects"])
    }

    @Test("A wrong token is Airtable's 401, read from the NetworkError")
    func errors() async throws {
        let sandbox = try await Sandbox()
        let printed = await Printed.capture {
            // snippet: airtable-lesson-errors
            let wrongToken = AirtableClient(
                baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: "patWrong",
                endpointURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            do throws(NetworkError) {
                _ = try await wrongToken.getProjects()
            } catch {
                print(error.status ?? 0, error.airtableError?.type.rawValue ?? "")  // 401 AUTHENTICATION_REQUIRED
            }
            // end snippet
        }
        #expect(printed == ["401 AUTHENTICATION_REQUIRED"])
    }

    private func showProjects(_ airtable: AirtableClient) async throws {
        // snippet: airtable-lesson-get-projects
        let projects = try await airtable.getProjects()
        for project in projects.prefix(2) {
            print(project.name, project.dueDate?.description ?? "no due date")
        }
        // CMCA brand identity 2020-11-07
        // Premier utility bike 2020-10-18
        // end snippet
    }

    @MainActor
    private func loadData(_ airtable: AirtableClient, into screen: DocumentationScreen) {
        // snippet: airtable-lesson-get-projects-completion
        airtable.getProjects { result in
            switch result {
            case .success(let projects): screen.show("\(projects.count) projects")
            case .failure(let error): screen.showAlert(error.localizedDescription)
            }
        }
        // end snippet
    }

    private func post(_ airtable: AirtableClient) async throws {
        // snippet: airtable-lesson-post
        let picked = Date()  // the date picker's value
        let project = Project(name: "Test", dueDate: CalendarDate(picked, in: .current), category: "Brand identity")
        let record = try await airtable.post(project)
        print(record.id.hasPrefix("rec"), record.fields.name)  // true Test
        // end snippet
    }
}
