import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxAirtable

@Suite("Airtable: links go both ways, as Airtable keeps a link field and its twin in step")
struct AirtableInverseLinkTests {
    /// Projects and tasks linked both ways, and people linked to themselves
    /// (mentor and mentees, twins in one table).
    static let baseFile = #"""
        {"id": "appInverseLinks01", "name": "Links", "tables": [
          {"id": "tblProjectsTab001", "name": "Projects", "fields": [
            {"id": "fldProjName000001", "name": "Name", "type": "singleLineText"},
            {"id": "fldProjTasks00001", "name": "Tasks", "type": "multipleRecordLinks",
             "options": {"linkedTableId": "tblTasksTable0001", "inverseLinkFieldId": "fldTaskProject001"}}],
           "records": [{"id": "recProjectOne0001", "fields": {"Name": "One"}}]},
          {"id": "tblTasksTable0001", "name": "Tasks", "fields": [
            {"id": "fldTaskTitle00001", "name": "Title", "type": "singleLineText"},
            {"id": "fldTaskProject001", "name": "Project", "type": "multipleRecordLinks",
             "options": {"linkedTableId": "tblProjectsTab001", "inverseLinkFieldId": "fldProjTasks00001"}}],
           "records": [{"id": "recTaskNumber0001", "fields": {"Title": "Plan"}},
                       {"id": "recTaskNumber0002", "fields": {"Title": "Build"}}]},
          {"id": "tblPeopleTable001", "name": "People", "fields": [
            {"id": "fldPersonName0001", "name": "Name", "type": "singleLineText"},
            {"id": "fldPersonMentor01", "name": "Mentor", "type": "multipleRecordLinks",
             "options": {"linkedTableId": "tblPeopleTable001", "inverseLinkFieldId": "fldPersonMentees1"}},
            {"id": "fldPersonMentees1", "name": "Mentees", "type": "multipleRecordLinks",
             "options": {"linkedTableId": "tblPeopleTable001", "inverseLinkFieldId": "fldPersonMentor01"}}],
           "records": [{"id": "recPersonAda00001", "fields": {"Name": "Ada"}}]}]}
        """#

    @Test("Linking, unlinking and deleting on one side changes the other; so does a write on the other side")
    func bothWays() async throws {
        let sandbox = try await AirtableTest.sandbox(bases: [Self.baseFile])
        let base = "/v0/appInverseLinks01"
        func project(_ record: String) async -> JSON? {
            (await sandbox.airtable("GET", base + "/Tasks/" + record)).bodyJSON["fields"]?["Project"]
        }
        let created = await sandbox.airtable(
            "POST", base + "/Projects",
            json:
                #"{"fields": {"Name": "Two", "Tasks": ["recTaskNumber0001", "recTaskNumber0002", "recNoSuchRecord01"]}}"#
        )
        #expect(created.status == 200, "\(created.bodyText)")
        let two = created.bodyJSON["id"]?.stringValue ?? ""
        #expect(await project("recTaskNumber0001") == [.string(two)])
        #expect(await project("recTaskNumber0002") == [.string(two)])

        _ = await sandbox.airtable(
            "PATCH", base + "/Projects/\(two)", json: #"{"fields": {"Tasks": ["recTaskNumber0002"]}}"#)
        #expect(await project("recTaskNumber0001") == nil)
        #expect(await project("recTaskNumber0002") == [.string(two)])

        // From the other side: the task joins project One too.
        _ = await sandbox.airtable(
            "PATCH", base + "/Tasks/recTaskNumber0002",
            json: #"{"fields": {"Project": ["\#(two)", "recProjectOne0001"]}}"#)
        let one = (await sandbox.airtable("GET", base + "/Projects/recProjectOne0001")).bodyJSON
        #expect(one["fields"]?["Tasks"] == ["recTaskNumber0002"])

        _ = await sandbox.airtable("DELETE", base + "/Projects/\(two)")
        #expect(await project("recTaskNumber0002") == ["recProjectOne0001"])
    }

    @Test("A link field made through the metadata API gets its twin in the linked table, and links go both ways")
    func twinsMadeByTheMetadataAPI() async throws {
        let sandbox = try await AirtableTest.sandbox(bases: [Self.baseFile])
        let fields = "/v0/meta/bases/appInverseLinks01/tables/tblProjectsTab001/fields"
        var twins: [String] = []
        for name in ["Blocked by", "Reviewed"] {
            let created = await sandbox.airtable(
                "POST", fields,
                json:
                    #"{"name": "\#(name)", "type": "multipleRecordLinks", "options": {"linkedTableId": "tblTasksTable0001"}}"#
            )
            #expect(created.status == 200, "\(created.bodyText)")
            twins.append(created.bodyJSON["options"]?["inverseLinkFieldId"]?.stringValue ?? "")
        }
        let tables = (await sandbox.airtable("GET", "/v0/meta/bases/appInverseLinks01/tables")).bodyJSON["tables"]
        let tasks = tables?.arrayValue?.first { $0["id"] == "tblTasksTable0001" }
        let made = tasks?["fields"]?.arrayValue?.filter { twins.contains($0["id"]?.stringValue ?? "-") } ?? []
        // Named after the table, " 2" when the name is taken; each links back.
        #expect(made.map { $0["name"] } == ["Projects", "Projects 2"])
        #expect(made.allSatisfy { $0["options"]?["linkedTableId"] == "tblProjectsTab001" })
        _ = await sandbox.airtable(
            "PATCH", "/v0/appInverseLinks01/Projects/recProjectOne0001",
            json: #"{"fields": {"Blocked by": ["recTaskNumber0001"]}}"#)
        let task = (await sandbox.airtable("GET", "/v0/appInverseLinks01/Tasks/recTaskNumber0001")).bodyJSON
        #expect(task["fields"]?["Projects"] == ["recProjectOne0001"])
        #expect(task["fields"]?["Projects 2"] == nil)
    }

    @Test("Twins in one table: a mentor's mentees follow each mentee's mentor")
    func selfLinks() async throws {
        let sandbox = try await AirtableTest.sandbox(bases: [Self.baseFile])
        let people = "/v0/appInverseLinks01/People"
        let created = await sandbox.airtable(
            "POST", people, json: #"{"fields": {"Name": "Grace", "Mentor": ["recPersonAda00001"]}}"#)
        let grace = created.bodyJSON["id"]?.stringValue ?? ""
        let ada = (await sandbox.airtable("GET", people + "/recPersonAda00001")).bodyJSON
        #expect(ada["fields"]?["Mentees"] == [.string(grace)])
        #expect(ada["fields"]?["Mentor"] == nil)
    }
}
