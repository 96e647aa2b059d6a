import Foundation
import Models
import Networking
import Testing

@Suite("Airtable: projects")
struct AirtableTests {
    @Test("The lesson's response gives 16 projects, the first CMCA brand identity due 2020-11-07, 11 complete")
    func fixture() throws {
        let page = try JSONDecoder.airtable.decode(
            AirtableRecordPage<Project>.self, from: try Fixture.data("airtable/projects-sample-response.json"))
        #expect(page.records.count == 16)
        #expect(page.offset == nil)
        let projects = page.records.map(\.fields)
        #expect(projects.filter(\.isComplete).count == 11)
        #expect(projects.filter { $0.notes != nil }.count == 4)
        #expect(projects.filter { !$0.taskIDs.isEmpty }.count == 2)
        #expect(projects.filter { !$0.projectImages.isEmpty }.count == 8)

        let record = try #require(page.records.first)
        #expect(record.id == "rec3g0Xxmw2rw3scs")
        #expect(ISO8601.string(from: record.createdTime, fractionalSeconds: true) == "2015-02-10T20:57:11.000Z")
        let first = record.fields
        #expect(first.name == "CMCA brand identity")
        #expect(first.dueDate == CalendarDate("2020-11-07"))
        #expect(first.kickoffDate == CalendarDate("2020-10-24"))
        #expect(first.category == "Brand identity")
        #expect(first.isComplete == false)
        #expect(first.notes == nil)
        #expect(first.clientIDs == ["rectEfoe4zYOn8xDM"])
        #expect(first.taskIDs.isEmpty)
        #expect(
            first.projectLead
                == AirtableCollaborator(
                    id: "usr3VLCpyqgcI46Sh", email: "katherineduh+collab10@demo.htable.com", name: "Gal Samari"))
        #expect(first.projectTeam.map(\.name) == ["Sam Epps", "Skyler Xu"])

        let image = try #require(first.projectImages.first)
        #expect(first.projectImages.count == 3)
        #expect(image.id == "attm5HZ4mDsQkfxvz")
        #expect(image.filename == "pexels-photo-2261165.jpeg?auto=compress&cs=tinysrgb&dpr=1&w=500")
        #expect(image.size == 22_616)
        #expect(image.type == "image/jpeg")
        #expect(image.thumbnails?.small?.width == 26)
        #expect(image.thumbnails?.large?.height == 700)
        #expect(
            image.thumbnails?.full?.url.absoluteString
                == "https://dl.airtable.com/.attachmentThumbnails/66a5299c93a50f472133919c0b726801/b17ab3f3")

        // The source's double-encoded text is kept exactly as sent.
        #expect(projects[1].notes?.contains("bicycleâ€”one") == true)
        #expect(projects[2].isComplete)
    }

    @Test("The lesson's Project.getProjects(from:) helper")
    func getProjects() throws {
        let projects = try Project.getProjects(from: try Fixture.data("airtable/projects-sample-response.json"))
        #expect(projects.count == 16)
        #expect(projects.first?.name == "CMCA brand identity")
        #expect(projects.first?.dueDate?.description == "2020-11-07")
    }

    @Test("A new project for the lesson's POST is exactly {\"fields\":{\"Name\",\"Due date\"}}")
    func createBody() throws {
        let project = Project(name: "Test", dueDate: CalendarDate("2024-01-31"))
        #expect(
            try JSONEncoder.airtable.encode(AirtableNewRecord(fields: project)).text
                == #"{"fields":{"Due date":"2024-01-31","Name":"Test"}}"#)
    }

    @Test("A due date picked in the evening in Los Angeles is posted as that day")
    func createFromPicker() throws {
        let picked = try #require(ISO8601.date(from: "2020-11-07T20:00:00-08:00"))
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let project = Project(name: "Evening", dueDate: CalendarDate(picked, in: zone))
        #expect(
            try JSONEncoder.airtable.encode(AirtableNewRecord(fields: project)).text
                == #"{"fields":{"Due date":"2020-11-07","Name":"Evening"}}"#)
    }

    @Test("Only the fields that are set are encoded, checked boxes as true")
    func fullBody() throws {
        let project = Project(
            name: "Bike",
            dueDate: CalendarDate("2020-10-18"),
            kickoffDate: CalendarDate("2020-10-04"),
            category: "Industrial design",
            isComplete: true,
            notes: "Notes",
            clientIDs: ["recHJebvisDtX4MPQ"],
            projectLead: AirtableCollaborator(id: "usr1", email: "a@b.test")
        )
        #expect(
            try JSONEncoder.airtable.encode(project).text
                == #"{"Category":"Industrial design","Client":["recHJebvisDtX4MPQ"],"Complete":true,"#
                + #""Due date":"2020-10-18","Kickoff date":"2020-10-04","Name":"Bike","Notes":"Notes","#
                + #""Project lead":{"email":"a@b.test","id":"usr1"}}"#)
        #expect(try JSONEncoder.airtable.encode(Project(name: "")).text == "{}")
    }

    @Test("Records round-trip, with createdTime written as Airtable does")
    func roundTrip() throws {
        let data = try Fixture.data("airtable/projects-sample-response.json")
        let page = try JSONDecoder.airtable.decode(AirtableRecordPage<Project>.self, from: data)
        let encoded = try JSONEncoder.airtable.encode(page)
        #expect(try JSONDecoder.airtable.decode(AirtableRecordPage<Project>.self, from: encoded) == page)
        #expect(encoded.text.contains(#""createdTime":"2015-02-10T20:57:11.000Z""#))
        #expect(encoded.text.contains(#""Project images""#))

        let paged = try JSONDecoder.airtable.decode(
            AirtableRecordPage<Project>.self,
            from:
                #"{"records":[{"id":"rec1","createdTime":"2024-01-31T10:00:00.000Z","fields":{}}],"offset":"itr1/rec1"}"#
                .utf8Data)
        #expect(paged.offset == "itr1/rec1")
        #expect(paged.records.first?.fields == Project(name: ""))
    }

    @Test("Absent fields read as empty: an empty record is a blank, incomplete project")
    func absentFields() throws {
        let project = try JSONDecoder.airtable.decode(Project.self, from: "{}".utf8Data)
        #expect(project == Project(name: ""))
        #expect(project.isComplete == false)
        #expect(project.projectTeam.isEmpty)
    }

    @Test("Bad input fails with the record and field named")
    func badInput() throws {
        func decode(_ json: String) -> String? {
            failure { _ = try JSONDecoder.airtable.decode(AirtableRecordPage<Project>.self, from: json.utf8Data) }
        }
        let record = #"{"id":"rec1","createdTime":"2015-02-10T20:57:11.000Z","fields":"#
        #expect(
            decode(#"{"records":["# + record + #"{"Due date":"11/07/2020"}}]}"#)
                == #"records[0].fields.Due date: expected a calendar date such as 2020-11-07, found "11/07/2020""#)
        #expect(
            decode(#"{"records":["# + record + #"{"Complete":"yes"}}]}"#)?
                .hasPrefix("records[0].fields.Complete: expected Bool, found") == true)
        #expect(
            decode(#"{"records":["# + record + #"{"Project lead":{"email":"a@b.test"}}}]}"#)
                == #"records[0].fields.Project lead.id: missing key "id""#)
        #expect(
            decode(#"{"records":[{"createdTime":"2015-02-10T20:57:11.000Z","fields":{}}]}"#)
                == #"records[0].id: missing key "id""#)
        #expect(
            decode(#"{"records":[{"id":"rec1","createdTime":"yesterday","fields":{}}]}"#)
                == #"records[0].createdTime: expected an ISO-8601 date such as 2010-06-21T15:29:32Z, found "yesterday""#
        )
        #expect(decode(#"{"records":{}}"#)?.hasPrefix("records: expected Array") == true)
        #expect(decode(#"{"error":{"type":"NOT_FOUND"}}"#) == #"records: missing key "records""#)
        let truncated = try Fixture.data("airtable/projects-sample-response.json").prefix(2_000)
        #expect(
            failure { _ = try Project.getProjects(from: Data(truncated)) }
                == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(decode("") == "the body is not valid JSON (truncated, or not JSON at all)")
    }
}
