import AirtableClient
import Foundation
import Models
import Sandbox
import Testing
import ViewModels

@MainActor
@Suite("Airtable create project")
struct AirtableCreateProjectTests {
    private let losAngeles = TimeZone(identifier: "America/Los_Angeles") ?? .gmt

    @Test(
        "Blank fields show Invalid Post and send nothing",
        arguments: [("", "Brand identity"), ("Test", ""), ("  ", "Brand identity"), ("Test", "\n")])
    func invalid(name: String, category: String) async throws {
        let harness = try await AirtableHarness()
        let form = CreateProjectViewModel(client: harness.client())
        form.name = name
        form.category = category
        #expect(form.project == nil)
        await form.post()
        #expect(form.alert == AlertViewModel(title: "Invalid Post", message: "Ensure you have completed fields"))
        #expect(form.state == .editing)
        #expect(!form.shouldDismiss)
        #expect(await harness.requests("POST").isEmpty)
    }

    @Test("Posting shows the spinner, then dismisses with the created record")
    func posts() async throws {
        let harness = try await AirtableHarness()
        await harness.slowDown()
        let form = CreateProjectViewModel(client: harness.client(), dueDate: Date(), timeZone: losAngeles)
        form.name = "Test"
        form.category = "Brand identity"
        let states = StateTrail { form.state }
        let posting = Task { await form.post() }
        await states.wait(for: .submitting)
        #expect(form.isPosting)
        #expect(!form.shouldDismiss)
        await posting.value
        await states.wait(for: .submitted)
        #expect(states.values == [.editing, .submitting, .submitted])
        #expect(!form.isPosting)
        #expect(form.shouldDismiss)
        #expect(form.alert == nil)
        let record = try #require(form.createdRecord)
        #expect(record.id.hasPrefix("rec"))
        #expect(record.fields.name == "Test")
        #expect(record.fields.category == "Brand identity")
        #expect(record.fields.dueDate == form.dueDay)

        let list = ProjectsViewModel(client: harness.client())
        await list.viewWillAppear()
        #expect(
            list.rows.last
                == ProjectCell.ViewModel(name: "Test", dueDate: form.dueDay.description, category: "Brand identity"))
    }

    @Test("The due date is the user's local day, not the UTC day")
    func localDay() async throws {
        let harness = try await AirtableHarness()
        // 20:00 on 7 November in Los Angeles is already 04:00 on the 8th in UTC.
        let evening = Date(timeIntervalSince1970: 1_604_808_000)
        let form = CreateProjectViewModel(client: harness.client(), dueDate: evening, timeZone: losAngeles)
        form.name = "Evening project"
        form.category = "Industrial design"
        #expect(form.dueDay == CalendarDate("2020-11-07"))
        #expect(CalendarDate(evening, in: .gmt) == CalendarDate("2020-11-08"))
        await form.post()
        #expect(form.createdRecord?.fields.dueDate == CalendarDate("2020-11-07"))
    }

    @Test("A new category is added, as the lesson's typecast asked")
    func newCategory() async throws {
        let harness = try await AirtableHarness()
        let form = CreateProjectViewModel(client: harness.client())
        form.name = "Greyhound mascot"
        form.category = "Sports branding"
        await form.post()
        #expect(form.shouldDismiss)
        #expect(form.createdRecord?.fields.category == "Sports branding")
    }

    @Test("A refused post shows Error posting new Project with the message, and can be tried again")
    func failure() async throws {
        let harness = try await AirtableHarness()
        try harness.sandbox.faults.inject(
            Fault(
                path: "/v0/*", method: "POST", status: 422,
                body: Data(
                    #"{"error":{"type":"INVALID_VALUE_FOR_COLUMN","message":"Field \"Due date\" cannot accept the provided value"}}"#
                        .utf8)))
        let form = CreateProjectViewModel(client: harness.client())
        form.name = "Test"
        form.category = "Brand identity"
        let states = StateTrail { form.state }
        await form.post()
        await states.wait(for: .failed)
        #expect(states.values == [.editing, .submitting, .failed])
        let error = try #require(form.error)
        #expect(form.alert == AlertViewModel(title: "Error posting new Project", message: error.description))
        #expect(form.alert?.message.contains("cannot accept the provided value") == true)
        #expect(!form.shouldDismiss)
        #expect(form.createdRecord == nil)

        form.dismissAlert()
        await form.post()
        #expect(form.shouldDismiss)
        #expect(form.alert == nil)
    }

    @Test("A refused token fails the post with Airtable's message")
    func unauthenticated() async throws {
        let harness = try await AirtableHarness()
        let form = CreateProjectViewModel(client: harness.client(token: "wrong"))
        form.name = "Test"
        form.category = "Brand identity"
        await form.post()
        #expect(form.alert?.title == "Error posting new Project")
        #expect(form.alert?.message.contains("Authentication required") == true)
    }

    @Test("A double tap creates one project")
    func doubleTap() async throws {
        let harness = try await AirtableHarness()
        await harness.slowDown()
        let form = CreateProjectViewModel(client: harness.client())
        form.name = "Once"
        form.category = "Brand identity"
        async let first: Void = form.post()
        async let second: Void = form.post()
        _ = await (first, second)
        #expect(form.shouldDismiss)
        #expect(await harness.requests("POST").count == 1)
        await form.post()
        #expect(await harness.requests("POST").count == 1)
    }
}
