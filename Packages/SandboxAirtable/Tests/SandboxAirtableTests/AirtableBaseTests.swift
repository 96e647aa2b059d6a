import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxAirtable

@Suite("Airtable: bases of one's own, field types, formula fields, the metadata API and comments")
struct AirtableBaseTests {
    /// A base as a schema file gives it: ids kept, one record.
    static let baseFile = #"""
        {"id": "appaPqizdsNHDvlEm", "name": "Test Wrapper", "tables": [{
          "id": "tblTestTable00001", "name": "TEST_TABLE", "primaryFieldId": "fldzbVdWW4xJdZ1em",
          "fields": [
            {"id": "fldFLyuxGuWobyMV2", "name": "number", "type": "number", "options": {"precision": 2}},
            {"id": "fldzbVdWW4xJdZ1em", "name": "text", "type": "singleLineText"},
            {"name": "boolean", "type": "checkbox"},
            {"name": "datetime", "type": "dateTime"},
            {"name": "price", "type": "currency", "options": {"symbol": "$", "precision": 2}},
            {"name": "stars", "type": "rating", "options": {"max": 3}},
            {"name": "code", "type": "barcode"},
            {"name": "label", "type": "formula", "options": {"formula": "UPPER({text}) & ' #' & {number}"}},
            {"name": "due", "type": "formula", "options": {"formula": "DATEADD({datetime}, 1, 'days')"}},
            {"name": "status", "type": "singleSelect", "options": {"choices": [{"name": "Todo"}, {"name": "Done"}]}},
            {"id": "fldTestFiles00001", "name": "files", "type": "multipleAttachments"}
          ],
          "views": [{"id": "viwTestView000001", "name": "view", "type": "grid"}],
          "records": [{"id": "recTestRecord0001", "fields": {"text": "first", "number": 7,
            "datetime": "2024-01-15T10:00:00.000Z"}}]
        }]}
        """#
    static let table = "/v0/appaPqizdsNHDvlEm/TEST_TABLE"

    static func sandbox() async throws -> AirtableSandbox {
        var configuration = AirtableEmulator.Configuration()
        configuration.rateLimitEnabled = false
        configuration.bases = [baseFile]
        return try await AirtableSandbox(configuration: configuration)
    }

    static func json(_ response: SandboxResponse) -> JSON {
        (try? JSON.parse(response.data)) ?? .null
    }

    @Test("A base file's ids, views and records are kept; its formula fields are computed")
    func baseFile() async throws {
        let sandbox = try await Self.sandbox()
        let bases = Self.json(await sandbox.airtable("GET", "/v0/meta/bases"))
        #expect(
            bases["bases"]?.arrayValue?.contains { $0["id"] == "appaPqizdsNHDvlEm" && $0["name"] == "Test Wrapper" }
                == true)
        let schema = Self.json(await sandbox.airtable("GET", "/v0/meta/bases/appaPqizdsNHDvlEm/tables"))
        let table = schema["tables"]?[0]
        #expect(table?["primaryFieldId"] == "fldzbVdWW4xJdZ1em")
        #expect(table?["fields"]?[0]?["id"] == "fldzbVdWW4xJdZ1em")
        #expect(table?["fields"]?[1]?["options"]?["precision"] == 2)
        #expect(table?["views"]?[0]?["id"] == "viwTestView000001")
        let record = Self.json(await sandbox.airtable("GET", Self.table + "/recTestRecord0001"))
        #expect(record["fields"]?["label"] == "FIRST #7")
        #expect(record["fields"]?["due"] == "2024-01-16T10:00:00.000Z")
        let byID = Self.json(
            await sandbox.airtable("GET", Self.table + "/recTestRecord0001?returnFieldsByFieldId=true"))
        #expect(byID["fields"]?["fldzbVdWW4xJdZ1em"] == "first")
        let viewed = Self.json(
            await sandbox.airtable("GET", Self.table + "?view=view&filterByFormula=%7Blabel%7D%3D%27FIRST%20%237%27"))
        #expect(viewed["records"]?.arrayValue?.count == 1)
    }

    @Test("A base file that is not a base stops the start with a clear error")
    func badBaseFile() async throws {
        for (text, message) in [
            ("not json", "not JSON"), (#"{"name": "x", "tables": []}"#, "1 to"),
            (
                #"{"name": "x", "tables": [{"name": "t", "fields": [{"name": "f", "type": "teleporter"}]}]}"#,
                "Unknown field type"
            ),
            (
                #"{"name": "x", "tables": [{"name": "t", "fields": [{"name": "f", "type": "formula", "options": {"formula": "LEN("}}]}]}"#,
                "invalid"
            ),
            (
                #"{"id": "bad", "name": "x", "tables": [{"name": "t", "fields": [{"name": "f", "type": "number"}]}]}"#,
                "Invalid id"
            ),
        ] {
            var configuration = AirtableEmulator.Configuration()
            configuration.bases = [text]
            await #expect(
                performing: { _ = try await AirtableSandbox(configuration: configuration) },
                throws: { error in
                    "\(error)".contains(message)
                })
        }
    }

    @Test("dateTime, currency, rating and barcode cells are checked and stored as Airtable stores them")
    func fieldTypes() async throws {
        let sandbox = try await Self.sandbox()
        let created = await sandbox.airtable(
            "POST", Self.table,
            json:
                #"{"fields": {"text": "t", "datetime": "2024-03-05T14:07:09+01:00", "price": 9.5, "stars": 2, "code": {"text": "0123", "type": "upce"}, "status": "Done"}}"#
        )
        #expect(created.status == 200)
        let fields = Self.json(created)["fields"]
        #expect(fields?["datetime"] == "2024-03-05T13:07:09.000Z")
        #expect(fields?["price"] == 9.5)
        #expect(fields?["stars"] == 2)
        #expect(fields?["code"]?["text"] == "0123")
        for bad in [#"{"stars": 4}"#, #"{"stars": 1.5}"#, #"{"datetime": "next tuesday"}"#, #"{"code": 5}"#] {
            let response = await sandbox.airtable("POST", Self.table, json: #"{"fields": \#(bad)}"#)
            #expect(response.status == 422, "\(bad)")
        }
        let computed = await sandbox.airtable("POST", Self.table, json: #"{"fields": {"label": "x"}}"#)
        #expect(computed.status == 422)
        #expect(computed.bodyText.contains("INVALID_VALUE_FOR_COLUMN") || computed.bodyText.contains("computed"))
        let typecast = await sandbox.airtable(
            "POST", Self.table, json: #"{"typecast": true, "fields": {"datetime": "3/5/2024 14:07", "code": "99"}}"#)
        #expect(Self.json(typecast)["fields"]?["datetime"] == "2024-03-05T14:07:00.000Z")
        #expect(Self.json(typecast)["fields"]?["code"]?["text"] == "99")
    }

    @Test("The metadata API creates bases, tables and fields, and renames them")
    func metadataWrites() async throws {
        let sandbox = try await Self.sandbox()
        let base = await sandbox.airtable(
            "POST", "/v0/meta/bases",
            json:
                #"{"name": "Mine", "workspaceId": "wspX", "tables": [{"name": "Things", "fields": [{"name": "Name", "type": "singleLineText"}]}]}"#
        )
        #expect(base.status == 200)
        let baseID = Self.json(base)["id"]?.stringValue ?? ""
        #expect(AirtableID.isValid(baseID, prefix: "app"))
        let table = await sandbox.airtable(
            "POST", "/v0/meta/bases/\(baseID)/tables",
            json:
                #"{"name": "People", "description": "who", "fields": [{"name": "Name", "type": "singleLineText"}, {"name": "Age", "type": "number", "options": {"precision": 0}}]}"#
        )
        let tableID = Self.json(table)["id"]?.stringValue ?? ""
        #expect(table.status == 200 && Self.json(table)["description"] == "who")
        let duplicate = await sandbox.airtable(
            "POST", "/v0/meta/bases/\(baseID)/tables",
            json: #"{"name": "People", "fields": [{"name": "N", "type": "number"}]}"#)
        #expect(duplicate.status == 422)
        // Computed fields come from base files: the API refuses every one,
        // in tables and bases too, as Airtable's does.
        for computed in [
            #"{"name": "Adult", "type": "formula", "options": {"formula": "{Age} >= 18"}}"#,
            #"{"name": "Total", "type": "rollup", "options": {"recordLinkFieldId": "fldX"}}"#,
            #"{"name": "Seen", "type": "multipleLookupValues"}"#, #"{"name": "N", "type": "count"}"#,
            #"{"name": "No", "type": "autoNumber"}"#, #"{"name": "At", "type": "createdTime"}"#,
        ] {
            let refused = await sandbox.airtable(
                "POST", "/v0/meta/bases/\(baseID)/tables/\(tableID)/fields", json: computed)
            #expect(refused.status == 422)
            #expect(Self.json(refused)["error"]?["type"] == "UNSUPPORTED_FIELD_TYPE_FOR_CREATE", "\(computed)")
            let inTable = await sandbox.airtable(
                "POST", "/v0/meta/bases/\(baseID)/tables",
                json: #"{"name": "Other", "fields": [{"name": "Name", "type": "singleLineText"}, \#(computed)]}"#)
            #expect(inTable.status == 422)
        }
        let field = await sandbox.airtable(
            "POST", "/v0/meta/bases/\(baseID)/tables/\(tableID)/fields",
            json: #"{"name": "Adult", "type": "checkbox", "options": {"color": "greenBright", "icon": "check"}}"#)
        #expect(field.status == 200)
        let fieldID = Self.json(field)["id"]?.stringValue ?? ""
        let renamed = await sandbox.airtable(
            "PATCH", "/v0/meta/bases/\(baseID)/tables/\(tableID)/fields/\(fieldID)", json: #"{"name": "Grown up"}"#)
        #expect(Self.json(renamed)["name"] == "Grown up")
        let retitled = await sandbox.airtable(
            "PATCH", "/v0/meta/bases/\(baseID)/tables/\(tableID)", json: #"{"name": "Humans"}"#)
        #expect(Self.json(retitled)["name"] == "Humans")
        let record = await sandbox.airtable(
            "POST", "/v0/\(baseID)/Humans", json: #"{"fields": {"Name": "Ada", "Age": 36, "Grown up": true}}"#)
        #expect(Self.json(record)["fields"]?["Grown up"] == true)
        let tables = Self.json(await sandbox.airtable("GET", "/v0/meta/bases/\(baseID)/tables"))
        #expect(tables["tables"]?.arrayValue?.map { $0["name"]?.stringValue } == ["Things", "Humans"])
    }

    @Test("Comments: create with a mention, list newest first with paging, update, delete")
    func comments() async throws {
        let sandbox = try await Self.sandbox()
        let path = Self.table + "/recTestRecord0001/comments"
        let me = Self.json(await sandbox.airtable("GET", "/v0/meta/whoami"))["id"]?.stringValue ?? ""
        let first = await sandbox.airtable("POST", path, json: #"{"text": "Hello @[\#(me)]"}"#)
        #expect(first.status == 200)
        #expect(Self.json(first)["mentioned"]?[me]?["id"]?.stringValue == me)
        #expect(Self.json(first)["author"]?["id"]?.stringValue == me)
        _ = await sandbox.airtable("POST", path, json: #"{"text": "Second"}"#)
        let page = Self.json(await sandbox.airtable("GET", path + "?pageSize=1"))
        #expect(page["comments"]?[0]?["text"] == "Second")
        let offset = page["offset"]?.stringValue ?? ""
        let next = Self.json(await sandbox.airtable("GET", path + "?pageSize=1&offset=\(offset)"))
        #expect(next["comments"]?[0]?["text"] == "Hello @[\(me)]")
        #expect(next["offset"] == .null)
        let id = Self.json(first)["id"]?.stringValue ?? ""
        let updated = Self.json(await sandbox.airtable("PATCH", path + "/\(id)", json: #"{"text": "Never mind!"}"#))
        #expect(updated["mentioned"] == [:] && updated["lastUpdatedTime"] != .null)
        let listed = Self.json(await sandbox.airtable("GET", Self.table + "?recordMetadata[]=commentCount"))
        #expect(listed["records"]?[0]?["commentCount"] == 2)
        let deleted = Self.json(await sandbox.airtable("DELETE", path + "/\(id)"))
        #expect(deleted["deleted"] == true)
        #expect(await sandbox.airtable("DELETE", path + "/\(id)").status == 404)
        #expect(await sandbox.airtable("POST", path, json: #"{"text": ""}"#).status == 422)
    }

    @Test("uploadAttachment keeps the file, appends it to the field, and serves it back at its url")
    func uploadAttachment() async throws {
        let sandbox = try await Self.sandbox()
        let path = "/v0/appaPqizdsNHDvlEm/recTestRecord0001/files/uploadAttachment"
        let encoded = Data("hello, file".utf8).base64EncodedString()
        let response = await sandbox.airtable(
            "POST", path, json: #"{"contentType": "text/plain", "filename": "a b.txt", "file": "\#(encoded)"}"#)
        #expect(response.status == 200, "\(response.bodyText)")
        let attachment = Self.json(response)["fields"]?["fldTestFiles00001"]?[0]
        #expect(
            attachment?["filename"] == "a b.txt" && attachment?["size"] == 11 && attachment?["type"] == "text/plain")
        let url = attachment?["url"]?.stringValue ?? ""
        let served = await sandbox.airtable(
            "GET", String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }), token: nil)
        #expect(served.status == 200)
        #expect(String(decoding: served.data, as: UTF8.self) == "hello, file")
        let record = Self.json(await sandbox.airtable("GET", Self.table + "/recTestRecord0001"))
        #expect(record["fields"]?["files"]?.arrayValue?.count == 1)
        let wrongField = await sandbox.airtable(
            "POST", "/v0/appaPqizdsNHDvlEm/recTestRecord0001/text/uploadAttachment",
            json: #"{"filename": "x", "file": "aGk="}"#)
        #expect(wrongField.status == 422)
        let noRecord = await sandbox.airtable(
            "POST", "/v0/appaPqizdsNHDvlEm/recNoSuchRecord01/files/uploadAttachment",
            json: #"{"filename": "x", "file": "aGk="}"#)
        #expect(noRecord.status == 404)
    }

    @Test("Webhooks: create, list, payloads of record changes with the cursor, refresh, enable, delete")
    func webhooks() async throws {
        let sandbox = try await Self.sandbox()
        let hooks = "/v0/bases/appaPqizdsNHDvlEm/webhooks"
        let created = await sandbox.airtable(
            "POST", hooks, json: #"{"specification": {"options": {"filters": {"dataTypes": ["tableData"]}}}}"#)
        #expect(created.status == 200, "\(created.bodyText)")
        let id = Self.json(created)["id"]?.stringValue ?? ""
        #expect(
            id.hasPrefix("ach")
                && Data(base64Encoded: Self.json(created)["macSecretBase64"]?.stringValue ?? "")?.count == 32)
        let record = Self.json(await sandbox.airtable("POST", Self.table, json: #"{"fields": {"text": "hooked"}}"#))
        let recordID = record["id"]?.stringValue ?? ""
        _ = await sandbox.airtable("PATCH", Self.table + "/\(recordID)", json: #"{"fields": {"text": "changed"}}"#)
        _ = await sandbox.airtable("DELETE", Self.table + "/\(recordID)")
        let first = Self.json(await sandbox.airtable("GET", hooks + "/\(id)/payloads?limit=2"))
        #expect(first["payloads"]?.arrayValue?.count == 2 && first["mightHaveMore"] == true && first["cursor"] == 3)
        let table = "tblTestTable00001"
        #expect(first["payloads"]?[0]?["changedTablesById"]?[table]?["createdRecordsById"]?[recordID] != nil)
        let change = first["payloads"]?[1]?["changedTablesById"]?[table]?["changedRecordsById"]?[recordID]
        #expect(change?["current"]?["cellValuesByFieldId"]?["fldzbVdWW4xJdZ1em"] == "changed")
        #expect(change?["previous"]?["cellValuesByFieldId"]?["fldzbVdWW4xJdZ1em"] == "hooked")
        let rest = Self.json(await sandbox.airtable("GET", hooks + "/\(id)/payloads?cursor=3"))
        #expect(rest["payloads"]?[0]?["changedTablesById"]?[table]?["destroyedRecordIds"] == [.string(recordID)])
        #expect(rest["mightHaveMore"] == false && rest["cursor"] == 4)
        let listed = Self.json(await sandbox.airtable("GET", hooks))["webhooks"]?[0]
        #expect(listed?["cursorForNextPayload"] == 4 && listed?["areNotificationsEnabled"] == true)
        #expect(await sandbox.airtable("POST", hooks + "/\(id)/refresh").status == 200)
        #expect(
            await sandbox.airtable("POST", hooks + "/\(id)/enableNotifications", json: #"{"enable": false}"#).status
                == 200)
        #expect(Self.json(await sandbox.airtable("GET", hooks))["webhooks"]?[0]?["areNotificationsEnabled"] == false)
        #expect(await sandbox.airtable("DELETE", hooks + "/\(id)").status == 200)
        #expect(await sandbox.airtable("GET", hooks + "/\(id)/payloads").status == 404)
    }

    @Test(
        "A webhook for another host is made, as on Airtable, but not pinged unless remote webhooks are allowed; its last result says so"
    )
    func remoteWebhooks() async throws {
        let sandbox = try await Self.sandbox()
        let hooks = "/v0/bases/appaPqizdsNHDvlEm/webhooks"
        func create(_ url: String) async -> SandboxResponse {
            await sandbox.airtable(
                "POST", hooks,
                json:
                    #"{"notificationUrl": "\#(url)", "specification": {"options": {"filters": {"dataTypes": ["tableData"]}}}}"#
            )
        }
        // A name that starts like a loopback address is not one.
        for url in ["https://example.com/hook", "http://127.example.com/hook"] {
            let created = await create(url)
            #expect(created.status == 200, "\(url): \(created.bodyText)")
        }
        for url in ["ftp://example.com/hook", "not a url", "https:///no-host"] {
            #expect(await create(url).status == 422, "\(url)")
        }
        _ = await sandbox.airtable("POST", Self.table, json: #"{"fields": {"text": "ping"}}"#)
        var results: [JSON] = []
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline {
            let listed = Self.json(await sandbox.airtable("GET", hooks))["webhooks"]?.arrayValue ?? []
            results = listed.compactMap { $0["lastNotificationResult"] }.filter { $0 != .null }
            if results.count == 2 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(results.count == 2)
        for result in results {
            #expect(result["success"] == false && result["willBeRetried"] == false)
            #expect(result["error"]?["message"]?.stringValue?.contains("did not send") == true, "\(result)")
        }
    }

    @Test("Lookups, counts and rollups follow the record's links into the linked table")
    func linkedFields() async throws {
        let file = #"""
            {"id": "appLinkedBase0001", "name": "Linked", "tables": [
              {"id": "tblProjectsTab001", "name": "Projects", "fields": [
                {"id": "fldProjName000001", "name": "Name", "type": "singleLineText"},
                {"id": "fldProjTasks00001", "name": "Tasks", "type": "multipleRecordLinks", "options": {"linkedTableId": "tblTasksTable0001"}},
                {"name": "Task count", "type": "count", "options": {"recordLinkFieldId": "fldProjTasks00001"}},
                {"name": "Task titles", "type": "multipleLookupValues", "options": {"recordLinkFieldId": "fldProjTasks00001", "fieldIdInLinkedTable": "fldTaskTitle00001"}},
                {"name": "Hours", "type": "rollup", "options": {"recordLinkFieldId": "fldProjTasks00001", "fieldIdInLinkedTable": "fldTaskHours00001", "formula": "SUM(values)"}},
                {"name": "Busy", "type": "formula", "options": {"formula": "IF({Hours} > 5, 'yes', 'no')"}},
                {"name": "Rates", "type": "rollup", "options": {"recordLinkFieldId": "fldProjTasks00001", "fieldIdInLinkedTable": "fldTaskRate000001", "formula": "SUM(values)"}}],
               "records": [{"id": "recProjectOne0001", "fields": {"Name": "One", "Tasks": ["recTaskNumber0001", "recTaskNumber0002"]}}]},
              {"id": "tblTasksTable0001", "name": "Tasks", "fields": [
                {"id": "fldTaskTitle00001", "name": "Title", "type": "singleLineText"},
                {"id": "fldTaskHours00001", "name": "Hours", "type": "number"},
                {"id": "fldTaskRate000001", "name": "Rate", "type": "formula", "options": {"formula": "IF({Title} = 'Plan', ERROR(), {Hours})"}}],
               "records": [{"id": "recTaskNumber0001", "fields": {"Title": "Plan", "Hours": 2}},
                           {"id": "recTaskNumber0002", "fields": {"Title": "Build", "Hours": 4.5}}]}]}
            """#
        var configuration = AirtableEmulator.Configuration()
        configuration.rateLimitEnabled = false
        configuration.bases = [file]
        let sandbox = try await AirtableSandbox(configuration: configuration)
        let fields = Self.json(await sandbox.airtable("GET", "/v0/appLinkedBase0001/Projects/recProjectOne0001"))[
            "fields"]
        #expect(fields?["Task count"] == 2)
        #expect(fields?["Task titles"] == ["Plan", "Build"])
        #expect(fields?["Hours"] == 6.5)
        #expect(fields?["Busy"] == "yes")
        // An error among a rollup's values is its result, as in Airtable.
        #expect(fields?["Rates"] == ["error": "#ERROR!"])
        // Table names match regardless of case, as Airtable's do.
        let shouted = Self.json(await sandbox.airtable("GET", "/v0/appLinkedBase0001/PROJECTS/recProjectOne0001"))
        #expect(shouted["fields"]?["Hours"] == 6.5)
        // The schema shows a rollup without the aggregation a base file gives.
        let schema = Self.json(await sandbox.airtable("GET", "/v0/meta/bases/appLinkedBase0001/tables"))
        let rollup = schema["tables"]?[0]?["fields"]?.arrayValue?.first { $0["name"] == "Hours" }
        #expect(rollup?["options"]?["recordLinkFieldId"] == "fldProjTasks00001")
        #expect(rollup?["options"]?["formula"] == nil)
        let filtered = Self.json(
            await sandbox.airtable("GET", "/v0/appLinkedBase0001/Projects?filterByFormula=%7BHours%7D%3E6"))
        #expect(filtered["records"]?.arrayValue?.count == 1)
        _ = await sandbox.airtable(
            "PATCH", "/v0/appLinkedBase0001/Tasks/recTaskNumber0002", json: #"{"fields": {"Hours": 1}}"#)
        let after = Self.json(await sandbox.airtable("GET", "/v0/appLinkedBase0001/Projects/recProjectOne0001"))
        #expect(after["fields"]?["Hours"] == 3 && after["fields"]?["Busy"] == "no")
        let refused = await sandbox.airtable(
            "PATCH", "/v0/appLinkedBase0001/Projects/recProjectOne0001", json: #"{"fields": {"Hours": 1}}"#)
        #expect(refused.status == 422)
    }

    @Test("Lookups follow links through several tables; a cycle of computed fields ends, it does not recurse forever")
    func deepLookups() async throws {
        let links = (1...30).map { #""recNode\#(String(format: "%010d", $0))""# }.joined(separator: ",")
        let nodes = (1...30).map {
            #"{"id": "recNode\#(String(format: "%010d", $0))", "fields": {"Name": "n\#($0)", "Links": [\#(links)]}}"#
        }.joined(separator: ",")
        let file = #"""
            {"id": "appDeepLookups001", "name": "Deep", "tables": [
              {"id": "tblProjectsTab001", "name": "Projects", "fields": [
                {"id": "fldProjName000001", "name": "Name", "type": "singleLineText"},
                {"id": "fldProjTasks00001", "name": "Tasks", "type": "multipleRecordLinks", "options": {"linkedTableId": "tblTasksTable0001"}},
                {"name": "Owners", "type": "multipleLookupValues", "options": {"recordLinkFieldId": "fldProjTasks00001", "fieldIdInLinkedTable": "fldTaskOwnName001"}}],
               "records": [{"id": "recProjectOne0001", "fields": {"Name": "One", "Tasks": ["recTaskNumber0001", "recTaskNumber0002"]}}]},
              {"id": "tblTasksTable0001", "name": "Tasks", "fields": [
                {"id": "fldTaskTitle00001", "name": "Title", "type": "singleLineText"},
                {"id": "fldTaskOwner00001", "name": "Owner", "type": "multipleRecordLinks", "options": {"linkedTableId": "tblPeopleTable001"}},
                {"id": "fldTaskOwnName001", "name": "Owner name", "type": "multipleLookupValues", "options": {"recordLinkFieldId": "fldTaskOwner00001", "fieldIdInLinkedTable": "fldPersonName0001"}}],
               "records": [{"id": "recTaskNumber0001", "fields": {"Title": "Plan", "Owner": ["recPersonAda00001"]}},
                           {"id": "recTaskNumber0002", "fields": {"Title": "Build", "Owner": ["recPersonBob00001"]}}]},
              {"id": "tblPeopleTable001", "name": "People", "fields": [
                {"id": "fldPersonName0001", "name": "Name", "type": "singleLineText"}],
               "records": [{"id": "recPersonAda00001", "fields": {"Name": "Ada"}}, {"id": "recPersonBob00001", "fields": {"Name": "Bob"}}]},
              {"id": "tblNodesTable0001", "name": "Nodes", "fields": [
                {"id": "fldNodeName000001", "name": "Name", "type": "singleLineText"},
                {"id": "fldNodeLinks00001", "name": "Links", "type": "multipleRecordLinks", "options": {"linkedTableId": "tblNodesTable0001"}},
                {"id": "fldNodeUpstream01", "name": "Upstream", "type": "multipleLookupValues", "options": {"recordLinkFieldId": "fldNodeLinks00001", "fieldIdInLinkedTable": "fldNodeLabel00001"}},
                {"id": "fldNodeLabel00001", "name": "Label", "type": "formula", "options": {"formula": "{Name} & ARRAYJOIN({Upstream})"}}],
               "records": [\#(nodes)]}]}
            """#
        var configuration = AirtableEmulator.Configuration()
        configuration.rateLimitEnabled = false
        configuration.bases = [file]
        let sandbox = try await AirtableSandbox(configuration: configuration)
        let project = Self.json(await sandbox.airtable("GET", "/v0/appDeepLookups001/Projects/recProjectOne0001"))
        #expect(project["fields"]?["Owners"] == ["Ada", "Bob"])
        // Every node looks up every node's label, which reads the lookup: a
        // circular reference, `#ERROR!` as Airtable shows it, found without
        // following the links round.
        let listed = await sandbox.airtable("GET", "/v0/appDeepLookups001/Nodes?sort%5B0%5D%5Bfield%5D=Label")
        #expect(listed.status == 200)
        let records = Self.json(listed)["records"]?.arrayValue ?? []
        #expect(records.count == 30)
        #expect(records.allSatisfy { $0["fields"]?["Name"]?.stringValue?.hasPrefix("n") == true })
        #expect(records.allSatisfy { $0["fields"]?["Label"] == AirtableFormulaValue.invalid.json })
    }
}
