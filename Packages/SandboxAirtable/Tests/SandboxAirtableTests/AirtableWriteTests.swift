import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxAirtable

@Suite("Airtable: creates, updates, upserts and deletes")
struct AirtableWriteTests {
    @Test("Create one record with {\"fields\"}: a new rec id, createdTime, the fields back, and it is listed")
    func createOne() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let response = await sandbox.airtable(
            "POST", AirtableTest.table, json: #"{"fields":{"Name":"Test project","Due date":"2024-01-31"}}"#)
        #expect(response.status == 200)
        let id = try #require(response.bodyJSON["id"]?.stringValue)
        #expect(isRecordID(id))
        #expect(response.bodyJSON["fields"] == ["Name": "Test project", "Due date": "2024-01-31"])
        let createdTime = try #require(response.bodyJSON["createdTime"]?.stringValue)
        #expect(createdTime.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
        let fetched = await sandbox.airtable("GET", AirtableTest.table + "/" + id)
        #expect(fetched.bodyJSON == response.bodyJSON)
        let listed = await sandbox.airtable("GET", AirtableTest.table)
        #expect(listed.airtableRecordIDs.count == 17)
        #expect(listed.airtableRecordIDs.last == id)
    }

    @Test("The lesson's POST: typecast=true in the query, api_key with the legacy switch")
    func lessonPost() async throws {
        let sandbox = try await AirtableTest.sandbox(legacy: true)
        let response = await sandbox.airtable(
            "POST", AirtableTest.table + "?typecast=true&&api_key=\(AirtableTest.token)",
            json: #"{"fields":{"Name":"From the lesson","Due date":"2024-01-31","Category":"Packaging"}}"#, token: nil)
        #expect(response.status == 200)
        #expect(response.bodyJSON["fields"]?["Category"] == "Packaging")
    }

    @Test("Create up to 10 with {\"records\"}; 11 is 422 INVALID_RECORDS and nothing is written")
    func createBatch() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let ten = (1...10).map { #"{"fields":{"Name":"Batch \#($0)"}}"# }.joined(separator: ",")
        let created = await sandbox.airtable("POST", AirtableTest.table, json: #"{"records":[\#(ten)]}"#)
        #expect(created.status == 200)
        #expect(created.airtableRecords.count == 10)
        #expect(
            created.airtableRecords.compactMap { $0["fields"]?["Name"]?.stringValue } == (1...10).map { "Batch \($0)" })
        #expect(created.airtableRecordIDs.allSatisfy(isRecordID))
        #expect(Set(created.airtableRecordIDs).count == 10)

        let eleven = (1...11).map { #"{"fields":{"Name":"Too many \#($0)"}}"# }.joined(separator: ",")
        let refused = await sandbox.airtable("POST", AirtableTest.table, json: #"{"records":[\#(eleven)]}"#)
        #expect(refused.status == 422)
        #expect(
            refused.bodyText
                == AirtableTest.error(
                    "INVALID_RECORDS", "A maximum of 10 records can be created per request but you have provided 11."))
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 26)

        for bad in [#"{"records":[]}"#, #"{"records":{}}"#, #"{"records":[{"Name":"no fields wrapper"}]}"#] {
            let response = await sandbox.airtable("POST", AirtableTest.table, json: bad)
            #expect(response.status == 422)
            #expect(
                response.bodyText
                    == AirtableTest.error(
                        "INVALID_RECORDS",
                        #"You must provide an array of up to 10 record objects, each with a "fields" object for cell values."#
                    ))
        }
    }

    @Test("A batch is all or nothing: one bad record writes none")
    func batchAtomic() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let response = await sandbox.airtable(
            "POST", AirtableTest.table, json: #"{"records":[{"fields":{"Name":"Good"}},{"fields":{"Budget":1}}]}"#)
        #expect(response.status == 422)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16)
    }

    @Test("Bad bodies: unparseable is a 400, not an object is INVALID_REQUEST_UNKNOWN; no fields is MISSING_FIELDS")
    func badBodies() async throws {
        let sandbox = try await AirtableTest.sandbox()
        // Airtable documents 400 for a body that cannot be parsed as JSON.
        for body in ["", "{", "nope", String(repeating: "[", count: 5000)] {
            let response = await sandbox.airtable("POST", AirtableTest.table, json: body)
            #expect(response.status == 400, "\(body.prefix(20))")
            #expect(response.bodyText == AirtableTest.unparsableBody)
        }
        for body in ["[]", "\"text\"", "42", #"{"fields":"Name"}"#] {
            let response = await sandbox.airtable("POST", AirtableTest.table, json: body)
            #expect(response.status == 422, "\(body.prefix(20))")
            #expect(response.bodyText == AirtableTest.invalidRequest)
        }
        let missing = await sandbox.airtable("POST", AirtableTest.table, json: #"{"typecast":true}"#)
        #expect(missing.status == 422)
        #expect(
            missing.bodyText
                == AirtableTest.error(
                    "INVALID_REQUEST_MISSING_FIELDS", #"Could not find field "fields" in the request body"#))
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16)
    }

    @Test("Unknown fields, wrong types and computed fields are refused with Airtable's errors")
    func fieldErrors() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let unknown = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Name":"x","Budget":5}}"#)
        #expect(unknown.status == 422)
        #expect(unknown.bodyText == AirtableTest.error("UNKNOWN_FIELD_NAME", #"Unknown field name: "Budget""#))

        let wrongTypes: [(String, String)] = [
            (#"{"Name":5}"#, "Name"), (#"{"Complete":"yes"}"#, "Complete"), (#"{"Due date":"31/01/2024"}"#, "Due date"),
            (#"{"Due date":"2024-02-30"}"#, "Due date"),
            (#"{"Project lead":{"id":"usrNobody0000000"}}"#, "Project lead"),
            (#"{"Project team":"Sam Epps"}"#, "Project team"), (#"{"Project images":[{"nope":1}]}"#, "Project images"),
            (#"{"Notes":["a"]}"#, "Notes"),
        ]
        for (fields, name) in wrongTypes {
            let response = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":\#(fields)}"#)
            #expect(response.status == 422, "\(fields)")
            #expect(
                response.bodyText
                    == AirtableTest.error(
                        "INVALID_VALUE_FOR_COLUMN", "Field \"\(name)\" cannot accept the provided value"),
                "\(fields)")
        }
        let links = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Client":["not-a-record"]}}"#)
        #expect(
            links.bodyText == AirtableTest.error("INVALID_VALUE_FOR_COLUMN", "Value is not an array of record IDs."))
        let option = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Category":"Packaging"}}"#)
        #expect(
            option.bodyText
                == AirtableTest.error(
                    "INVALID_MULTIPLE_CHOICE_OPTIONS",
                    #"Insufficient permissions to create new select option ""Packaging"""#))

        try await AirtableTest.addRankedTable(sandbox, count: 1)
        for field in ["Created", "Number"] {
            let computed = await sandbox.airtable(
                "POST", AirtableTest.base + "/Ranked", json: #"{"fields":{"\#(field)":"2024-01-01"}}"#)
            #expect(computed.status == 422)
            #expect(
                computed.bodyText
                    == AirtableTest.error(
                        "INVALID_VALUE_FOR_COLUMN",
                        "Field \"\(field)\" cannot accept a value because the field is computed"))
        }
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16)
    }

    @Test("typecast converts strings to numbers, booleans and dates, and adds missing select options")
    func typecast() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let body = #"""
            {"typecast":true,"fields":{"Name":42,"Complete":"true","Due date":"1/31/2024","Kickoff date":"2024-01-02T10:00:00.000Z",
             "Category":"Packaging design","Project lead":"katherineduh+collab10@demo.htable.com","Project team":"Skyler Xu",
             "Client":"rectEfoe4zYOn8xDM"}}
            """#
        let created = await sandbox.airtable("POST", AirtableTest.table, json: body)
        #expect(created.status == 200)
        let fields = created.bodyJSON["fields"]
        #expect(fields?["Name"] == "42")
        #expect(fields?["Complete"] == true)
        #expect(fields?["Due date"] == "2024-01-31")
        #expect(fields?["Kickoff date"] == "2024-01-02")
        #expect(fields?["Category"] == "Packaging design")
        #expect(fields?["Project lead"]?["name"] == "Gal Samari")
        #expect(fields?["Project team"]?.arrayValue?.first?["id"] == "usrpEyZytbTJ95a2L")
        #expect(fields?["Client"] == ["rectEfoe4zYOn8xDM"])

        let again = await sandbox.airtable(
            "POST", AirtableTest.table, json: #"{"fields":{"Category":"Packaging design"}}"#)
        #expect(again.status == 200)
        let schema = await sandbox.airtable("GET", "/v0/meta/bases/appIBfoNbzEaA72c2/tables")
        let category = schema.bodyJSON["tables"]?.arrayValue?.first?["fields"]?.arrayValue?.first {
            $0["name"] == "Category"
        }
        #expect(
            category?["options"]?["choices"]?.arrayValue?.compactMap { $0["name"]?.stringValue }.last
                == "Packaging design")

        try await AirtableTest.addRankedTable(sandbox, count: 1)
        let numbers = await sandbox.airtable(
            "POST", AirtableTest.base + "/Ranked",
            json:
                #"{"typecast":true,"records":[{"fields":{"Rank":"1,234.5","Done":"yes","Tags":"a, c"}},{"fields":{"Rank":true}}]}"#
        )
        #expect(numbers.status == 200)
        #expect(numbers.airtableRecords.first?["fields"]?["Rank"] == 1234.5)
        #expect(numbers.airtableRecords.first?["fields"]?["Done"] == true)
        #expect(numbers.airtableRecords.first?["fields"]?["Tags"] == ["a", "c"])
        #expect(numbers.airtableRecords.last?["fields"]?["Rank"] == 1)
        let strict = await sandbox.airtable("POST", AirtableTest.base + "/Ranked", json: #"{"fields":{"Rank":"12"}}"#)
        #expect(strict.status == 422)
        let nonsense = await sandbox.airtable(
            "POST", AirtableTest.base + "/Ranked", json: #"{"typecast":true,"fields":{"Rank":"twelve"}}"#)
        #expect(
            nonsense.bodyText
                == AirtableTest.error("INVALID_VALUE_FOR_COLUMN", #"Field "Rank" cannot accept the provided value"#))
        let computedAlways = await sandbox.airtable(
            "GET", AirtableTest.base + "/Ranked?fields[]=Number&fields[]=Created&maxRecords=1")
        #expect(computedAlways.airtableRecords.first?["fields"]?["Number"] == 1)
        #expect(computedAlways.airtableRecords.first?["fields"]?["Created"] != nil)
    }

    @Test("PATCH changes the given fields; PUT clears the others; an unknown record is NOT_FOUND")
    func updateOne() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let path = AirtableTest.table + "/rec6DyWEAw6ZOWrb4"
        let patched = await sandbox.airtable("PATCH", path, json: #"{"fields":{"Name":"Renamed","Complete":true}}"#)
        #expect(patched.status == 200)
        #expect(patched.bodyJSON["fields"]?["Name"] == "Renamed")
        #expect(patched.bodyJSON["fields"]?["Complete"] == true)
        #expect(patched.bodyJSON["fields"]?["Due date"] == "2020-10-18")
        #expect(patched.bodyJSON["createdTime"] == "2015-02-10T23:20:30.000Z")

        let put = await sandbox.airtable("PUT", path, json: #"{"fields":{"Name":"Replaced"}}"#)
        #expect(put.status == 200)
        #expect(put.bodyJSON["fields"] == ["Name": "Replaced"])
        #expect(await sandbox.airtable("GET", path).bodyJSON["fields"] == ["Name": "Replaced"])

        let missing = await sandbox.airtable(
            "PATCH", AirtableTest.table + "/recAAAAAAAAAAAAAA", json: #"{"fields":{}}"#)
        #expect(missing.status == 404)
        #expect(missing.bodyText == AirtableTest.notFound)
        let noFields = await sandbox.airtable("PATCH", path, json: #"{"Name":"x"}"#)
        #expect(
            noFields.bodyText
                == AirtableTest.error(
                    "INVALID_REQUEST_MISSING_FIELDS", #"Could not find field "fields" in the request body"#))
        let unknown = await sandbox.airtable("PATCH", path, json: #"{"fields":{"Budget":1}}"#)
        #expect(unknown.status == 422)
        #expect(await sandbox.airtable("GET", path).bodyJSON["fields"] == ["Name": "Replaced"])
    }

    @Test("Batch PATCH/PUT update up to 10 by id; an unknown id is ROW_DOES_NOT_EXIST and nothing changes")
    func updateMany() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let patched = await sandbox.airtable(
            "PATCH", AirtableTest.table,
            json:
                #"{"records":[{"id":"rec3g0Xxmw2rw3scs","fields":{"Complete":true}},{"id":"rec6DyWEAw6ZOWrb4","fields":{"Notes":"Updated"}}]}"#
        )
        #expect(patched.status == 200)
        #expect(patched.airtableRecordIDs == ["rec3g0Xxmw2rw3scs", "rec6DyWEAw6ZOWrb4"])
        #expect(patched.airtableRecords[0]["fields"]?["Name"] == "CMCA brand identity")
        #expect(patched.airtableRecords[0]["fields"]?["Complete"] == true)
        #expect(patched.airtableRecords[1]["fields"]?["Notes"] == "Updated")
        #expect(patched.bodyJSON["createdRecords"] == nil)

        let put = await sandbox.airtable(
            "PUT", AirtableTest.table, json: #"{"records":[{"id":"rec3g0Xxmw2rw3scs","fields":{"Name":"Only name"}}]}"#)
        #expect(put.airtableRecords.first?["fields"] == ["Name": "Only name"])

        let partlyUnknown = await sandbox.airtable(
            "PATCH", AirtableTest.table,
            json:
                #"{"records":[{"id":"rec6DyWEAw6ZOWrb4","fields":{"Name":"Should not stick"}},{"id":"recAAAAAAAAAAAAAA","fields":{"Name":"x"}}]}"#
        )
        #expect(partlyUnknown.status == 422)
        #expect(
            partlyUnknown.bodyText
                == AirtableTest.error("ROW_DOES_NOT_EXIST", "Record ID recAAAAAAAAAAAAAA does not exist in this table"))
        #expect(
            await sandbox.airtable("GET", AirtableTest.table + "/rec6DyWEAw6ZOWrb4").bodyJSON["fields"]?["Name"]
                == "Premier utility bike")

        let eleven = (1...11).map { _ in #"{"id":"rec3g0Xxmw2rw3scs","fields":{}}"# }.joined(separator: ",")
        let invalid = AirtableTest.error(
            "INVALID_RECORDS",
            #"You must provide an array of up to 10 record objects, each with an "id" ID field and a "fields" object for cell values."#
        )
        for body in [
            #"{"records":[\#(eleven)]}"#, #"{"records":[]}"#, #"{"records":[{"fields":{}}]}"#,
            #"{"records":[{"id":"x"}]}"#,
        ] {
            let response = await sandbox.airtable("PATCH", AirtableTest.table, json: body)
            #expect(response.status == 422)
            #expect(response.bodyText == invalid)
        }
        let noRecords = await sandbox.airtable("PATCH", AirtableTest.table, json: #"{"fields":{}}"#)
        #expect(
            noRecords.bodyText
                == AirtableTest.error(
                    "INVALID_REQUEST_MISSING_FIELDS", #"Could not find field "records" in the request body"#))
    }

    @Test("performUpsert creates unmatched records, updates matched ones, and reports which")
    func upsert() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let body = #"""
            {"performUpsert":{"fieldsToMergeOn":["Name"]},"records":[
              {"fields":{"Name":"CubePad","Notes":"Upserted"}},
              {"fields":{"Name":"Brand new","Due date":"2025-05-05"}}]}
            """#
        let response = await sandbox.airtable("PATCH", AirtableTest.table, json: body)
        #expect(response.status == 200)
        let created = response.bodyJSON["createdRecords"]?.arrayValue?.compactMap { $0.stringValue } ?? []
        let updated = response.bodyJSON["updatedRecords"]?.arrayValue?.compactMap { $0.stringValue } ?? []
        #expect(created.count == 1 && isRecordID(created.first))
        #expect(updated == ["recF3yQ5GgUUOjwnx"])
        #expect(response.airtableRecords.count == 2)
        #expect(response.airtableRecords[0]["fields"]?["Notes"] == "Upserted")
        #expect(response.airtableRecords[0]["fields"]?["Due date"] == "2020-10-25")
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 17)

        let again = await sandbox.airtable("PATCH", AirtableTest.table, json: body)
        #expect(again.bodyJSON["createdRecords"] == [])
        #expect(again.bodyJSON["updatedRecords"]?.arrayValue?.count == 2)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 17)

        let put = await sandbox.airtable(
            "PUT", AirtableTest.table,
            json: #"{"performUpsert":{"fieldsToMergeOn":["Name"]},"records":[{"fields":{"Name":"Brand new"}}]}"#)
        #expect(put.airtableRecords.first?["fields"] == ["Name": "Brand new"])

        _ = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Name":"Brand new"}}"#)
        let ambiguous = await sandbox.airtable(
            "PATCH", AirtableTest.table,
            json:
                #"{"performUpsert":{"fieldsToMergeOn":["Name"]},"records":[{"fields":{"Name":"Brand new","Notes":"x"}}]}"#
        )
        #expect(ambiguous.status == 422)
        for merge in [#"[]"#, #"["Budget"]"#, #""Name""#, #"["a","b","c","d"]"#] {
            let response = await sandbox.airtable(
                "PATCH", AirtableTest.table,
                json: #"{"performUpsert":{"fieldsToMergeOn":\#(merge)},"records":[{"fields":{"Name":"z"}}]}"#)
            #expect(response.status == 422, "\(merge)")
        }
    }

    @Test("Upsert matches the table as it was before the request, never an empty value, and lists each record once")
    func upsertMatchesTheTableBefore() async throws {
        let sandbox = try await AirtableTest.sandbox()
        // One by id (renamed to a name nothing had before), one matching that
        // new name, one new, one with an empty merge value, and two matching
        // the same existing record.
        let body = #"""
            {"performUpsert":{"fieldsToMergeOn":["Name"]},"records":[
              {"id":"recF3yQ5GgUUOjwnx","fields":{"Name":"Renamed"}},
              {"fields":{"Name":"Renamed","Notes":"second"}},
              {"fields":{"Name":"Brand new"}},
              {"fields":{"Name":null,"Notes":"no name"}},
              {"fields":{"Name":"","Notes":"empty name"}}]}
            """#
        let beforeCount = await sandbox.airtable.recordCount(inTable: "Design projects")
        let response = await sandbox.airtable("PATCH", AirtableTest.table, json: body)
        #expect(response.status == 200, "\(response.bodyText)")
        let created = response.bodyJSON["createdRecords"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let updated = response.bodyJSON["updatedRecords"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(updated == ["recF3yQ5GgUUOjwnx"])
        #expect(created.count == 4 && Set(created).count == 4)
        #expect(response.airtableRecords.count == 5)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == (beforeCount ?? 0) + 4)

        let twice = #"""
            {"performUpsert":{"fieldsToMergeOn":["Name"]},"records":[
              {"fields":{"Name":"Brand new","Notes":"one"}},
              {"fields":{"Name":"Brand new","Notes":"two"}}]}
            """#
        let again = await sandbox.airtable("PATCH", AirtableTest.table, json: twice)
        #expect(again.status == 200)
        #expect(again.bodyJSON["updatedRecords"]?.arrayValue?.count == 1)
        #expect(again.airtableRecords.count == 1)
        #expect(again.airtableRecords.first?["fields"]?["Notes"] == "two")
    }

    @Test("Delete one answers {\"id\",\"deleted\":true}; deleting it again is NOT_FOUND")
    func deleteOne() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let path = AirtableTest.table + "/rec6DyWEAw6ZOWrb4"
        let deleted = await sandbox.airtable("DELETE", path)
        #expect(deleted.status == 200)
        #expect(deleted.bodyJSON == ["id": "rec6DyWEAw6ZOWrb4", "deleted": true])
        #expect(await sandbox.airtable("GET", path).status == 404)
        let again = await sandbox.airtable("DELETE", path)
        #expect(again.status == 404)
        #expect(again.bodyText == AirtableTest.notFound)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 15)
    }

    @Test("Delete up to 10 with records[]=; more, none or unknown ids delete nothing")
    func deleteMany() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let deleted = await sandbox.airtable(
            "DELETE", AirtableTest.table + "?records[]=rec3g0Xxmw2rw3scs&records%5B%5D=rec6DyWEAw6ZOWrb4")
        #expect(deleted.status == 200)
        #expect(
            deleted.bodyJSON == [
                "records": [
                    ["id": "rec3g0Xxmw2rw3scs", "deleted": true], ["id": "rec6DyWEAw6ZOWrb4", "deleted": true],
                ]
            ])
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 14)

        let invalid = AirtableTest.error("INVALID_RECORDS", #""records" must be an array of up to 10 record IDs."#)
        let ids = await sandbox.airtable("GET", AirtableTest.table).airtableRecordIDs
        let eleven = ids.prefix(11).map { "records[]=\($0)" }.joined(separator: "&")
        for query in ["?" + eleven, "", "?records=rec9xiQBTNEG7pdNf", "?records[]=nope"] {
            let response = await sandbox.airtable("DELETE", AirtableTest.table + query)
            #expect(response.status == 422, "\(query)")
            #expect(response.bodyText == invalid)
        }
        let unknown = await sandbox.airtable(
            "DELETE", AirtableTest.table + "?records[]=rec9xiQBTNEG7pdNf&records[]=recAAAAAAAAAAAAAA")
        #expect(unknown.status == 404)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 14)
    }

    @Test("A body over the size limit is 413 and writes nothing")
    func tooLarge() async throws {
        let sandbox = try await AirtableTest.sandbox(maxBodySize: 1024)
        let notes = String(repeating: "x", count: 2000)
        let response = await sandbox.airtable(
            "POST", AirtableTest.table, json: #"{"fields":{"Name":"Big","Notes":"\#(notes)"}}"#)
        #expect(response.status == 413)
        #expect(response.bodyText == AirtableTest.error("REQUEST_TOO_LARGE", "Request body is too large"))
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16)
        let small = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Name":"Small"}}"#)
        #expect(small.status == 200)
    }

    @Test("Attachments: new ones by url get an att id; existing ones are kept by id")
    func attachments() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let created = await sandbox.airtable(
            "POST", AirtableTest.table,
            json: #"{"fields":{"Name":"Pics","Project images":[{"url":"https://example.com/a/photo.jpg"}]}}"#)
        let attachment = try #require(created.bodyJSON["fields"]?["Project images"]?.arrayValue?.first)
        #expect(attachment["filename"] == "photo.jpg")
        #expect(attachment["url"] == "https://example.com/a/photo.jpg")
        #expect(attachment["id"]?.stringValue?.wholeMatch(of: /att[A-Za-z0-9]{14}/) != nil)
        let keep = await sandbox.airtable(
            "PATCH", AirtableTest.table + "/rec3g0Xxmw2rw3scs",
            json: #"{"fields":{"Project images":[{"id":"attm5HZ4mDsQkfxvz"}]}}"#)
        #expect(keep.bodyJSON["fields"]?["Project images"]?.arrayValue?.first?["size"] == 22616)
    }
}
