import AirtableClient
import Foundation
import Models
import Sandbox
import Testing
import ViewModels

@MainActor
@Suite("Airtable projects list")
struct AirtableProjectsTests {
    @Test("Appearing loads every project as rows of name and due date")
    func loads() async throws {
        let harness = try await AirtableHarness()
        await harness.slowDown()
        let screen = ProjectsViewModel(client: harness.client())
        let states = StateTrail { screen.state }
        let appearing = Task { await screen.viewWillAppear() }
        await states.wait(for: .loading)
        #expect(screen.isFetching)
        #expect(screen.rows.isEmpty)
        await appearing.value
        await states.wait(for: .loaded)
        #expect(states.values == [.idle, .loading, .loaded])
        #expect(screen.rows.count == 16)
        #expect(
            screen.rows.first
                == ProjectCell.ViewModel(name: "CMCA brand identity", dueDate: "2020-11-07", category: "Brand identity")
        )
        #expect(screen.rows.allSatisfy { CalendarDate($0.dueDate) != nil })
        #expect(screen.alert == nil)
    }

    @Test("Appearing again reloads, keeping the rows while it refreshes")
    func reloadsOnAppear() async throws {
        let harness = try await AirtableHarness()
        let screen = ProjectsViewModel(client: harness.client())
        let states = StateTrail { screen.state }
        await screen.viewWillAppear()
        await states.wait(for: .loaded)

        _ = try await harness.client().post(Project(name: "Test", dueDate: CalendarDate("2024-01-31")))
        await harness.slowDown()
        let appearing = Task { await screen.viewWillAppear() }
        await states.wait(for: .refreshing)
        #expect(screen.rows.count == 16)
        await appearing.value
        await states.wait(for: .loaded)
        #expect(states.values == [.idle, .loading, .loaded, .refreshing, .loaded])
        #expect(screen.rows.count == 17)
        #expect(screen.rows.last == ProjectCell.ViewModel(name: "Test", dueDate: "2024-01-31"))
        #expect(await harness.requests("GET").count == 2)
    }

    @Test("A refused token shows Error Fetching Data with the error's text")
    func unauthenticated() async throws {
        let harness = try await AirtableHarness()
        let screen = ProjectsViewModel(client: harness.client(token: "wrong"))
        let states = StateTrail { screen.state }
        await screen.viewWillAppear()
        await states.wait(for: .failed)
        #expect(states.values == [.idle, .loading, .failed])
        let error = try #require(screen.error)
        #expect(screen.alert == AlertViewModel(title: "Error Fetching Data", message: error.description))
        #expect(screen.alert?.message.contains("Authentication required") == true)
        #expect(screen.alert?.message.contains("wrong") == false)
        #expect(error.airtableError?.type.rawValue == "AUTHENTICATION_REQUIRED")
    }

    @Test("A 503 fails the fetch; the rows already shown stay")
    func serverError() async throws {
        let harness = try await AirtableHarness()
        let screen = ProjectsViewModel(client: harness.client())
        await screen.viewWillAppear()
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", method: "GET", status: 503))
        await screen.viewWillAppear()
        #expect(screen.state == .failed)
        #expect(screen.alert?.title == "Error Fetching Data")
        #expect(screen.error?.status == 503)
        #expect(screen.rows.count == 16)
    }

    @Test("A body that is not a list of records is reported, not a crash")
    func malformed() async throws {
        let harness = try await AirtableHarness()
        try harness.sandbox.faults.inject(
            Fault(path: "/v0/*", method: "GET", status: 200, body: Data(#"{"records": [{"id": 1}]}"#.utf8)))
        let screen = ProjectsViewModel(client: harness.client())
        await screen.viewWillAppear()
        #expect(screen.state == .failed)
        #expect(screen.error?.isDecodingFailure == true)
        #expect(screen.alert?.title == "Error Fetching Data")
    }

    @Test("Never two alerts at once")
    func oneAlert() async throws {
        let harness = try await AirtableHarness()
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", method: "GET", status: 503))
        let screen = ProjectsViewModel(client: harness.client())
        await screen.viewWillAppear()
        let first = screen.alert
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", method: "GET", status: 401))
        await screen.viewWillAppear()
        #expect(screen.error?.status == 401)
        #expect(screen.alert == first)
        #expect(first?.message.contains("503") == true)
        screen.dismissAlert()
        #expect(screen.alert == nil)
    }
}
