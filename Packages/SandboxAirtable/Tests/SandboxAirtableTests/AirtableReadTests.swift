import Foundation
import SandboxCore
import Testing

@testable import SandboxAirtable

@Suite("Airtable: reading records, auth and routing errors")
struct AirtableReadTests {
    @Test("The lesson's GET answers the 16 records of its response, ids, createdTime and fields preserved")
    func lessonRecords() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let response = await sandbox.airtable("GET", AirtableTest.table)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let fixture = try AirtableLessonSeed.fixtureRecords()
        #expect(response.airtableRecords == fixture)
        #expect(response.airtableRecords.count == 16)
        #expect(response.bodyJSON["offset"] == nil)
        #expect(response.airtableRecordIDs.first == "rec3g0Xxmw2rw3scs")
        #expect(response.airtableRecords.first?["createdTime"] == "2015-02-10T20:57:11.000Z")
        #expect(response.airtableRecords.first?["fields"]?["Name"] == "CMCA brand identity")

        let byID = await sandbox.airtable("GET", AirtableTest.base + "/tblDesignProjects")
        #expect(byID.airtableRecords == fixture)
        let trailingSlash = await sandbox.airtable("GET", AirtableTest.table + "/")
        #expect(trailingSlash.airtableRecords.count == 16)
    }

    @Test("The lesson's own URL works with the legacy switch: typecast and api_key in the query")
    func lessonURL() async throws {
        let sandbox = try await AirtableTest.sandbox(legacy: true)
        let response = await sandbox.airtable(
            "GET", AirtableTest.table + "?typecast=true&&api_key=\(AirtableTest.token)", token: nil)
        #expect(response.status == 200)
        #expect(response.airtableRecords.count == 16)
    }

    @Test("Get one record; an unknown or malformed record id is Airtable's bare NOT_FOUND")
    func oneRecord() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let response = await sandbox.airtable("GET", AirtableTest.table + "/rec6DyWEAw6ZOWrb4")
        #expect(response.status == 200)
        #expect(response.bodyJSON["id"] == "rec6DyWEAw6ZOWrb4")
        #expect(response.bodyJSON["createdTime"] == "2015-02-10T23:20:30.000Z")
        #expect(response.bodyJSON["fields"]?["Name"] == "Premier utility bike")
        for id in ["recAAAAAAAAAAAAAA", "nope", "rec%2F..%2F"] {
            let missing = await sandbox.airtable("GET", AirtableTest.table + "/" + id)
            #expect(missing.status == 404)
            #expect(missing.bodyText == AirtableTest.notFound)
        }
    }

    @Test("Missing, wrong and legacy credentials are all 401 AUTHENTICATION_REQUIRED")
    func authentication() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let cases: [SandboxResponse] = [
            await sandbox.airtable("GET", AirtableTest.table, token: nil),
            await sandbox.airtable("GET", AirtableTest.table, token: "patWrong"),
            await sandbox.airtable("GET", AirtableTest.table, token: ""),
            await sandbox.airtable("GET", AirtableTest.table + "?api_key=\(AirtableTest.token)", token: nil),
            await sandbox.airtable(
                "GET", AirtableTest.table, token: nil, headers: ["Authorization": "Basic \(AirtableTest.token)"]),
            await sandbox.airtable("GET", "/v0/appNope/x/y/z", token: nil),
            await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Name":"x"}}"#, token: nil),
        ]
        for response in cases {
            #expect(response.status == 401)
            #expect(
                response.bodyText
                    == #"{"error":{"type":"AUTHENTICATION_REQUIRED","message":"Authentication required"}}"#)
        }
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16)
        let lowercase = await sandbox.airtable(
            "GET", AirtableTest.table, token: nil, headers: ["authorization": "bearer \(AirtableTest.token)"])
        #expect(lowercase.status == 200)
    }

    @Test("With the legacy switch, ?api_key= accepts a configured token and still refuses others")
    func legacyAPIKey() async throws {
        let sandbox = try await AirtableTest.sandbox(legacy: true)
        let accepted = await sandbox.airtable("GET", AirtableTest.table + "?api_key=\(AirtableTest.token)", token: nil)
        #expect(accepted.status == 200)
        let refused = await sandbox.airtable("GET", AirtableTest.table + "?api_key=keyWrong", token: nil)
        #expect(refused.status == 401)
        #expect(refused.bodyText == AirtableTest.authenticationRequired)
    }

    @Test("Unknown bases and tables: 403 INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND; malformed bases and routes: 404")
    func unknownModels() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let unknownBase = await sandbox.airtable("GET", "/v0/appAAAAAAAAAAAAAA/Design%20projects")
        #expect(unknownBase.status == 403)
        #expect(unknownBase.bodyText == AirtableTest.modelNotFound)
        let unknownTable = await sandbox.airtable("GET", AirtableTest.base + "/Nope")
        #expect(unknownTable.status == 403)
        #expect(unknownTable.bodyText == AirtableTest.modelNotFound)
        let unknownTableRecord = await sandbox.airtable(
            "GET", AirtableTest.base + "/tblAAAAAAAAAAAAAA/rec6DyWEAw6ZOWrb4")
        #expect(unknownTableRecord.status == 403)
        for target in ["/v0/notabase/Design%20projects", "/v0/appIBfoNbzEaA72c2", "/v0/", "/v0/x"] {
            let response = await sandbox.airtable("GET", target)
            #expect(response.status == 404, "\(target)")
            #expect(response.bodyText == AirtableTest.notFound, "\(target)")
        }
        let tooDeep = await sandbox.airtable("GET", AirtableTest.table + "/rec6DyWEAw6ZOWrb4/extra")
        #expect(tooDeep.status == 404)
        for method in ["BREW", "get", "OPTIONS", "HEAD"] {
            let response = await sandbox.airtable(method, AirtableTest.table)
            #expect(response.status == 404, "\(method)")
            #expect(response.bodyText == AirtableTest.notFound)
        }
    }

    @Test("Empty values are left out of fields: unchecked, empty text, empty lists")
    func emptyValuesOmitted() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let created = await sandbox.airtable(
            "POST", AirtableTest.table,
            json: #"{"fields":{"Name":"Sparse","Notes":"","Complete":false,"Client":[],"Due date":null}}"#)
        #expect(created.status == 200)
        #expect(created.bodyJSON["fields"] == ["Name": "Sparse"])
        let incomplete = await sandbox.airtable("GET", AirtableTest.table + "/rec3g0Xxmw2rw3scs")
        #expect(incomplete.bodyJSON["fields"]?["Complete"] == nil)
    }

    @Test("The metadata API lists bases and the lesson table's schema")
    func metadata() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let whoami = await sandbox.airtable("GET", "/v0/meta/whoami")
        #expect(whoami.status == 200)
        #expect(whoami.bodyJSON["id"]?.stringValue?.hasPrefix("usr") == true)
        let bases = await sandbox.airtable("GET", "/v0/meta/bases")
        #expect(bases.bodyJSON["bases"]?.arrayValue?.first?["id"] == "appIBfoNbzEaA72c2")
        let tables = await sandbox.airtable("GET", "/v0/meta/bases/appIBfoNbzEaA72c2/tables")
        let table = tables.bodyJSON["tables"]?.arrayValue?.first
        #expect(table?["id"] == "tblDesignProjects")
        #expect(table?["name"] == "Design projects")
        let types = (table?["fields"]?.arrayValue ?? []).compactMap { field -> String? in
            guard let name = field["name"]?.stringValue, let type = field["type"]?.stringValue else { return nil }
            return "\(name):\(type)"
        }
        #expect(
            types == [
                "Name:singleLineText", "Category:singleSelect", "Project lead:singleCollaborator",
                "Project team:multipleCollaborators", "Kickoff date:date", "Due date:date", "Complete:checkbox",
                "Notes:multilineText", "Client:multipleRecordLinks", "Tasks:multipleRecordLinks",
                "Project images:multipleAttachments",
            ])
        #expect(await sandbox.airtable("GET", "/v0/meta/bases/appAAAAAAAAAAAAAA/tables").status == 403)
        #expect(await sandbox.airtable("GET", "/v0/meta/nope").bodyText == AirtableTest.notFound)
        #expect(await sandbox.airtable("GET", "/v0/meta/whoami", token: nil).status == 401)
    }

    @Test("returnFieldsByFieldId keys fields by field id")
    func fieldIDs() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let schema = await sandbox.airtable("GET", "/v0/meta/bases/appIBfoNbzEaA72c2/tables")
        let nameID =
            schema.bodyJSON["tables"]?.arrayValue?.first?["fields"]?.arrayValue?.first?["id"]?.stringValue ?? ""
        let listed = await sandbox.airtable("GET", AirtableTest.table + "?returnFieldsByFieldId=true&maxRecords=1")
        #expect(listed.airtableRecords.first?["fields"]?[nameID] == "CMCA brand identity")
        let one = await sandbox.airtable("GET", AirtableTest.table + "/rec3g0Xxmw2rw3scs?returnFieldsByFieldId=1")
        #expect(one.bodyJSON["fields"]?[nameID] == "CMCA brand identity")
        let byIDField = await sandbox.airtable("GET", AirtableTest.table + "?fields%5B%5D=\(nameID)&maxRecords=1")
        #expect(byIDField.airtableRecords.first?["fields"] == ["Name": "CMCA brand identity"])
    }
}
