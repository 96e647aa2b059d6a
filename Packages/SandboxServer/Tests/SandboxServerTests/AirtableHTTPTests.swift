import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Airtable over HTTP: conformance with raw requests")
struct AirtableHTTPTests {
    @Test("GET the lesson's table: 16 records with the lesson's ids and createdTime, JSON content type")
    func lessonTable() async throws {
        try await AirtableHTTP.withServer { server in
            let response = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.table)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.airtableRecords.count == 16)
            #expect(response.airtableRecordIDs.first == "rec3g0Xxmw2rw3scs")
            #expect(response.airtableRecords.first?["createdTime"] == "2015-02-10T20:57:11.000Z")
            #expect(response.bodyJSON["offset"] == nil)
            let byID = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.base + "/tblDesignProjects")
            #expect(byID.airtableRecordIDs == response.airtableRecordIDs)
            let one = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.table + "/rec6DyWEAw6ZOWrb4")
            #expect(one.bodyJSON["fields"]?["Name"] == "Premier utility bike")
        }
    }

    @Test("Auth: none, wrong and legacy ?api_key= are 401 with the exact body; the legacy switch accepts api_key")
    func authentication() async throws {
        try await AirtableHTTP.withServer { server in
            for (target, token) in [
                (AirtableHTTP.table, nil), (AirtableHTTP.table, "patWrong"),
                (AirtableHTTP.table + "?api_key=\(AirtableHTTP.token)", nil),
            ] as [(String, String?)] {
                let response = try await AirtableHTTP.send(server.baseURL, "GET", target, token: token)
                #expect(response.status == 401)
                #expect(
                    response.text
                        == #"{"error":{"type":"AUTHENTICATION_REQUIRED","message":"Authentication required"}}"#)
            }
        }
        try await AirtableHTTP.withServer(AirtableHTTP.options(legacy: true)) { server in
            let lessonURL = AirtableHTTP.table + "?typecast=true&&api_key=\(AirtableHTTP.token)"
            let response = try await AirtableHTTP.send(server.baseURL, "GET", lessonURL, token: nil)
            #expect(response.status == 200)
            #expect(response.airtableRecords.count == 16)
        }
    }

    @Test("Unknown base 403, unknown table 403, malformed base, unknown record and unknown route 404")
    func notFound() async throws {
        try await AirtableHTTP.withServer { server in
            let cases: [(String, Int, String)] = [
                ("/v0/appAAAAAAAAAAAAAA/Design%20projects", 403, AirtableHTTP.modelNotFound),
                (AirtableHTTP.base + "/Nope", 403, AirtableHTTP.modelNotFound),
                ("/v0/notabase/Design%20projects", 404, AirtableHTTP.notFound),
                (AirtableHTTP.table + "/recAAAAAAAAAAAAAA", 404, AirtableHTTP.notFound),
                (AirtableHTTP.table + "/rec6DyWEAw6ZOWrb4/extra", 404, AirtableHTTP.notFound),
            ]
            for (target, status, body) in cases {
                let response = try await AirtableHTTP.send(server.baseURL, "GET", target)
                #expect(response.status == status, "\(target)")
                #expect(response.text == body, "\(target)")
            }
        }
    }

    @Test("Pagination across 3 pages of a 250-record table with pageSize=100")
    func threePages() async throws {
        try await AirtableHTTP.withServer { server in
            try await AirtableHTTP.addRankedTable(server, named: "Ranked")
            for batch in 0..<25 {
                let records = (1...10).map {
                    #"{"fields":{"Name":"Row \#(batch * 10 + $0)","Rank":\#(batch * 10 + $0)}}"#
                }
                let created = try await AirtableHTTP.send(
                    server.baseURL, "POST", AirtableHTTP.base + "/Ranked",
                    json: #"{"records":[\#(records.joined(separator: ","))]}"#)
                #expect(created.status == 200)
            }
            var sizes: [Int] = []
            var ranks: [Double] = []
            var offset: String?
            repeat {
                let query =
                    "?pageSize=100" + (offset.map { "&offset=\($0.replacingOccurrences(of: "/", with: "%2F"))" } ?? "")
                let page = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.base + "/Ranked" + query)
                #expect(page.status == 200)
                sizes.append(page.airtableRecords.count)
                ranks += page.airtableRecords.compactMap { $0["fields"]?["Rank"]?.numberValue }
                offset = page.bodyJSON["offset"]?.stringValue
                if let offset {
                    #expect(offset.wholeMatch(of: /itr[A-Za-z0-9]{14}\/rec[A-Za-z0-9]{14}/) != nil)
                }
            } while offset != nil && sizes.count < 5
            #expect(sizes == [100, 100, 50])
            #expect(ranks == (1...250).map(Double.init))
        }
    }

    @Test("List parameters: fields[], sort, maxRecords, view, filterByFormula, pageSize limit, bad offset")
    func listParameters() async throws {
        try await AirtableHTTP.withServer { server in
            let fields = try await AirtableHTTP.send(
                server.baseURL, "GET", AirtableHTTP.table + "?fields%5B%5D=Name&maxRecords=1")
            #expect(fields.airtableRecords.first?["fields"] == ["Name": "CMCA brand identity"])
            let literal = try await AirtableHTTP.raw(
                server.port, "GET",
                AirtableHTTP.table + "?fields[]=Name&sort[0][field]=Name&sort[0][direction]=desc&maxRecords=1",
                headers: ["Authorization: Bearer \(AirtableHTTP.token)"])
            #expect(literal.status == 200)
            #expect(literal.text.contains(#""fields":{"Name":"RITI media lab logo"}"#))
            let sorted = try await AirtableHTTP.send(
                server.baseURL, "GET",
                AirtableHTTP.table + "?sort%5B0%5D%5Bfield%5D=Due%20date&sort%5B0%5D%5Bdirection%5D=desc&pageSize=3")
            #expect(
                sorted.airtableRecords.compactMap { $0["fields"]?["Due date"]?.stringValue } == [
                    "2020-11-07", "2020-11-01", "2020-10-31",
                ])
            let view = try await AirtableHTTP.send(
                server.baseURL, "GET", AirtableHTTP.table + "?view=Incomplete+projects")
            #expect(view.airtableRecords.count == 5)
            let formula = try await AirtableHTTP.send(
                server.baseURL, "GET",
                AirtableHTTP.table + "?filterByFormula=AND(%7BComplete%7D%2C%7BCategory%7D%3D%27Brand%20identity%27)")
            #expect(formula.airtableRecords.count == 4)
            let tooBig = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.table + "?pageSize=101")
            #expect(tooBig.status == 422)
            #expect(tooBig.text == AirtableHTTP.invalidRequest)
            let badOffset = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.table + "?offset=garbage")
            #expect(badOffset.status == 422)
            #expect(
                badOffset.text == AirtableHTTP.error("INVALID_OFFSET_VALUE", "The value of offset garbage is invalid"))
            let badFormula = try await AirtableHTTP.send(
                server.baseURL, "GET", AirtableHTTP.table + "?filterByFormula=LENGTH(%7BName%7D)")
            #expect(badFormula.status == 422)
            #expect(
                badFormula.text
                    == AirtableHTTP.error(
                        "INVALID_FILTER_BY_FORMULA",
                        "The formula for filtering records is invalid: Invalid formula. Please check your formula text."
                    ))
        }
    }

    @Test("POST …/listRecords answers like GET with the same parameters")
    func listRecordsPost() async throws {
        try await AirtableHTTP.withServer { server in
            let posted = try await AirtableHTTP.send(
                server.baseURL, "POST", AirtableHTTP.table + "/listRecords",
                json: #"{"pageSize":3,"sort":[{"field":"Name","direction":"desc"}],"fields":["Name"]}"#)
            let got = try await AirtableHTTP.send(
                server.baseURL, "GET",
                AirtableHTTP.table
                    + "?pageSize=3&sort%5B0%5D%5Bfield%5D=Name&sort%5B0%5D%5Bdirection%5D=desc&fields%5B%5D=Name")
            #expect(posted.status == 200)
            #expect(posted.airtableRecords == got.airtableRecords)
            #expect(posted.bodyJSON["offset"] == got.bodyJSON["offset"])
        }
    }

    @Test("Writes: create one and ten, eleven refused, typecast, unknown field, wrong type, PATCH/PUT, upsert, deletes")
    func writes() async throws {
        try await AirtableHTTP.withServer { server in
            let url = server.baseURL
            let one = try await AirtableHTTP.send(
                url, "POST", AirtableHTTP.table, json: #"{"fields":{"Name":"Over HTTP","Due date":"2024-01-31"}}"#)
            #expect(one.status == 200)
            let id = try #require(one.bodyJSON["id"]?.stringValue)
            #expect(id.wholeMatch(of: /rec[A-Za-z0-9]{14}/) != nil)

            let ten = (1...10).map { #"{"fields":{"Name":"Batch \#($0)"}}"# }.joined(separator: ",")
            let batch = try await AirtableHTTP.send(url, "POST", AirtableHTTP.table, json: #"{"records":[\#(ten)]}"#)
            #expect(batch.airtableRecords.count == 10)
            let eleven = (1...11).map { #"{"fields":{"Name":"No \#($0)"}}"# }.joined(separator: ",")
            let refused = try await AirtableHTTP.send(
                url, "POST", AirtableHTTP.table, json: #"{"records":[\#(eleven)]}"#)
            #expect(refused.status == 422)
            #expect(
                refused.text
                    == AirtableHTTP.error(
                        "INVALID_RECORDS",
                        "A maximum of 10 records can be created per request but you have provided 11."))

            let typecast = try await AirtableHTTP.send(
                url, "POST", AirtableHTTP.table,
                json:
                    #"{"typecast":true,"fields":{"Name":"Cast","Complete":"true","Due date":"1/31/2024","Category":"New one"}}"#
            )
            #expect(
                typecast.bodyJSON["fields"] == [
                    "Name": "Cast", "Complete": true, "Due date": "2024-01-31", "Category": "New one",
                ])
            let unknown = try await AirtableHTTP.send(
                url, "POST", AirtableHTTP.table, json: #"{"fields":{"Budget":1}}"#)
            #expect(unknown.status == 422)
            #expect(unknown.text == AirtableHTTP.error("UNKNOWN_FIELD_NAME", #"Unknown field name: "Budget""#))
            let wrong = try await AirtableHTTP.send(
                url, "POST", AirtableHTTP.table, json: #"{"fields":{"Complete":"yes"}}"#)
            #expect(wrong.status == 422)
            #expect(
                wrong.text
                    == AirtableHTTP.error(
                        "INVALID_VALUE_FOR_COLUMN", #"Field "Complete" cannot accept the provided value"#))

            let patched = try await AirtableHTTP.send(
                url, "PATCH", AirtableHTTP.table + "/" + id, json: #"{"fields":{"Notes":"Patched"}}"#)
            #expect(patched.bodyJSON["fields"] == ["Name": "Over HTTP", "Due date": "2024-01-31", "Notes": "Patched"])
            let put = try await AirtableHTTP.send(
                url, "PUT", AirtableHTTP.table + "/" + id, json: #"{"fields":{"Name":"Put"}}"#)
            #expect(put.bodyJSON["fields"] == ["Name": "Put"])
            let missingRow = try await AirtableHTTP.send(
                url, "PATCH", AirtableHTTP.table,
                json: #"{"records":[{"id":"recAAAAAAAAAAAAAA","fields":{"Name":"x"}}]}"#)
            #expect(missingRow.status == 422)
            #expect(
                missingRow.text
                    == AirtableHTTP.error(
                        "ROW_DOES_NOT_EXIST", "Record ID recAAAAAAAAAAAAAA does not exist in this table"))

            let upsert = try await AirtableHTTP.send(
                url, "PATCH", AirtableHTTP.table,
                json:
                    #"{"performUpsert":{"fieldsToMergeOn":["Name"]},"records":[{"fields":{"Name":"Put","Notes":"Merged"}},{"fields":{"Name":"Fresh"}}]}"#
            )
            #expect(upsert.bodyJSON["updatedRecords"] == [.string(id)])
            #expect(upsert.bodyJSON["createdRecords"]?.arrayValue?.count == 1)

            let deleted = try await AirtableHTTP.send(url, "DELETE", AirtableHTTP.table + "/" + id)
            #expect(deleted.bodyJSON == ["id": .string(id), "deleted": true])
            let ids = batch.airtableRecordIDs.prefix(2)
            let many = try await AirtableHTTP.send(
                url, "DELETE", AirtableHTTP.table + "?" + ids.map { "records%5B%5D=\($0)" }.joined(separator: "&"))
            #expect(many.bodyJSON["records"]?.arrayValue?.count == 2)
            // The lesson's 16, one, ten, the typecast one and the upserted "Fresh", less three deleted.
            let expected = 26
            #expect(await server.sandbox.airtable.recordCount(inTable: "Design projects") == expected)
        }
    }

    @Test("With the rate limit on, the sixth request to a base within the window gets the 429 body and writes nothing")
    func rateLimit() async throws {
        try await AirtableHTTP.withServer(AirtableHTTP.options(rateLimit: true)) { server in
            var created = 0
            let answers = try await AirtableHTTP.sendSix {
                let response = try await AirtableHTTP.send(
                    server.baseURL, "POST", AirtableHTTP.table, json: #"{"fields":{"Name":"Allowed?"}}"#)
                created += response.status == 200 ? 1 : 0
                return response
            }
            #expect(answers.map(\.status) == [200, 200, 200, 200, 200, 429])
            #expect(
                answers.last?.text
                    == #"{"error":{"type":"RATE_LIMIT_REACHED","message":"Rate limit exceeded. Please try again later"}}"#
            )
            #expect(await server.sandbox.airtable.recordCount(inTable: "Design projects") == 16 + created)
        }
    }

    @Test("The metadata API answers over HTTP")
    func metadata() async throws {
        try await AirtableHTTP.withServer { server in
            let tables = try await AirtableHTTP.send(server.baseURL, "GET", "/v0/meta/bases/appIBfoNbzEaA72c2/tables")
            #expect(tables.bodyJSON["tables"]?.arrayValue?.first?["name"] == "Design projects")
        }
    }
}
