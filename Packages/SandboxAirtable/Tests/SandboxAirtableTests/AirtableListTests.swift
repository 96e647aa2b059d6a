import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxAirtable

@Suite("Airtable: list parameters, pages and offsets")
struct AirtableListTests {
    @Test("Pages of pageSize follow offsets of the form itr…/rec… to the end, in order, without repeats")
    func paging() async throws {
        let sandbox = try await AirtableTest.sandbox()
        var ids: [String] = []
        var offset: String?
        var pages = 0
        repeat {
            let query =
                "?pageSize=5"
                + (offset.map { "&offset=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
                    ?? "")
            let response = await sandbox.airtable("GET", AirtableTest.table + query)
            #expect(response.status == 200)
            ids += response.airtableRecordIDs
            offset = response.bodyJSON["offset"]?.stringValue
            if let offset {
                #expect(offset.wholeMatch(of: /itr[A-Za-z0-9]{14}\/rec[A-Za-z0-9]{14}/) != nil)
            }
            pages += 1
        } while offset != nil && pages < 10
        #expect(pages == 4)
        #expect(ids == (try AirtableLessonSeed.fixtureRecords()).compactMap { $0["id"]?.stringValue })
    }

    @Test("250 records come back in 3 pages of 100, 100 and 50")
    func threePages() async throws {
        let sandbox = try await AirtableTest.sandbox()
        try await AirtableTest.addRankedTable(sandbox, count: 250)
        var sizes: [Int] = []
        var ranks: [Double] = []
        var offset: String?
        repeat {
            let query = "?pageSize=100" + (offset.map { "&offset=\($0)" } ?? "")
            let response = await sandbox.airtable("GET", AirtableTest.base + "/Ranked" + query)
            sizes.append(response.airtableRecords.count)
            ranks += response.airtableRecords.compactMap { $0["fields"]?["Rank"]?.numberValue }
            offset = response.bodyJSON["offset"]?.stringValue
        } while offset != nil && sizes.count < 5
        #expect(sizes == [100, 100, 50])
        #expect(ranks == (1...250).map(Double.init))
    }

    @Test("pageSize defaults to 100; more than 100, zero or not a number is 422 INVALID_REQUEST_UNKNOWN")
    func pageSizeLimits() async throws {
        let sandbox = try await AirtableTest.sandbox()
        try await AirtableTest.addRankedTable(sandbox, count: 120)
        let first = await sandbox.airtable("GET", AirtableTest.base + "/Ranked")
        #expect(first.airtableRecords.count == 100)
        #expect(first.bodyJSON["offset"] != nil)
        let legacy = await sandbox.airtable("GET", AirtableTest.table + "/?limit=3")
        #expect(legacy.airtableRecords.count == 3)
        for value in ["101", "0", "-1", "ten", "1.5", ""] {
            let response = await sandbox.airtable("GET", AirtableTest.table + "?pageSize=\(value)")
            #expect(response.status == 422, "pageSize=\(value)")
            #expect(response.bodyText == AirtableTest.invalidRequest)
        }
    }

    @Test("A malformed offset is INVALID_OFFSET_VALUE; one from another query is an expired iterator")
    func invalidOffsets() async throws {
        let sandbox = try await AirtableTest.sandbox()
        for offset in ["10", "garbage", "itrAAAAAAAAAAAAAA", "itrAAAAAAAAAAAAAA/rec", "rec6DyWEAw6ZOWrb4"] {
            let response = await sandbox.airtable("GET", AirtableTest.table + "?offset=\(offset)")
            #expect(response.status == 422)
            #expect(
                response.bodyText
                    == AirtableTest.error("INVALID_OFFSET_VALUE", "The value of offset \(offset) is invalid"))
        }
        let page = await sandbox.airtable("GET", AirtableTest.table + "?pageSize=3")
        let offset = try #require(page.bodyJSON["offset"]?.stringValue)
        let otherQuery = await sandbox.airtable(
            "GET", AirtableTest.table + "?pageSize=3&offset=\(offset)&sort%5B0%5D%5Bfield%5D=Name")
        #expect(otherQuery.status == 422)
        #expect(otherQuery.bodyJSON["error"]?["type"] == "LIST_RECORDS_ITERATOR_NOT_AVAILABLE")
        let nextRecord = String(offset.split(separator: "/")[1])
        _ = await sandbox.airtable("DELETE", AirtableTest.table + "/" + nextRecord)
        let vanished = await sandbox.airtable("GET", AirtableTest.table + "?pageSize=3&offset=\(offset)")
        #expect(vanished.bodyJSON["error"]?["type"] == "LIST_RECORDS_ITERATOR_NOT_AVAILABLE")
    }

    @Test("maxRecords caps the total across pages")
    func maxRecords() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let three = await sandbox.airtable("GET", AirtableTest.table + "?maxRecords=3")
        #expect(three.airtableRecords.count == 3)
        #expect(three.bodyJSON["offset"] == nil)
        let first = await sandbox.airtable("GET", AirtableTest.table + "?maxRecords=7&pageSize=5")
        #expect(first.airtableRecords.count == 5)
        let offset = try #require(first.bodyJSON["offset"]?.stringValue)
        let second = await sandbox.airtable("GET", AirtableTest.table + "?maxRecords=7&pageSize=5&offset=\(offset)")
        #expect(second.airtableRecords.count == 2)
        #expect(second.bodyJSON["offset"] == nil)
        #expect(await sandbox.airtable("GET", AirtableTest.table + "?maxRecords=0").status == 422)
    }

    @Test("fields[] limits the fields, brackets literal or percent-encoded; an unknown one is UNKNOWN_FIELD_NAME")
    func fieldsParameter() async throws {
        let sandbox = try await AirtableTest.sandbox()
        for query in ["?fields[]=Name&fields[]=Due+date", "?fields%5B%5D=Name&fields%5B%5D=Due%20date"] {
            let response = await sandbox.airtable("GET", AirtableTest.table + query)
            #expect(response.status == 200)
            #expect(
                response.airtableRecords.first?["fields"] == ["Name": "CMCA brand identity", "Due date": "2020-11-07"])
        }
        let unknown = await sandbox.airtable("GET", AirtableTest.table + "?fields%5B%5D=Budget")
        #expect(unknown.status == 422)
        #expect(unknown.bodyText == AirtableTest.error("UNKNOWN_FIELD_NAME", #"Unknown field name: "Budget""#))
    }

    @Test("sort[0][field] and sort[0][direction] order the records; ties keep the table order")
    func sorting() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let descending = await sandbox.airtable(
            "GET", AirtableTest.table + "?sort%5B0%5D%5Bfield%5D=Due%20date&sort%5B0%5D%5Bdirection%5D=desc")
        let dates = descending.airtableRecords.compactMap { $0["fields"]?["Due date"]?.stringValue }
        #expect(dates.count == 16)
        #expect(dates == dates.sorted(by: >))
        let byName = await sandbox.airtable("GET", AirtableTest.table + "?sort[0][field]=Name")
        let names = byName.airtableRecords.compactMap { $0["fields"]?["Name"]?.stringValue }
        #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
        let twoKeys = await sandbox.airtable(
            "GET", AirtableTest.table + "?sort[0][field]=Category&sort[1][field]=Name&sort[1][direction]=desc")
        let pairs = twoKeys.airtableRecords.compactMap { record -> String? in
            guard let category = record["fields"]?["Category"]?.stringValue else { return nil }
            return category
        }
        #expect(pairs == pairs.sorted())
        let badDirection = await sandbox.airtable(
            "GET", AirtableTest.table + "?sort[0][field]=Name&sort[0][direction]=up")
        #expect(badDirection.status == 422)
        #expect(badDirection.bodyText == AirtableTest.invalidRequest)
        let unknown = await sandbox.airtable("GET", AirtableTest.table + "?sort[0][field]=Budget")
        #expect(unknown.bodyText == AirtableTest.error("UNKNOWN_FIELD_NAME", #"Unknown field name: "Budget""#))
    }

    @Test("Numbers sort numerically and blanks come first when ascending")
    func numericSort() async throws {
        let sandbox = try await AirtableTest.sandbox()
        try await AirtableTest.addRankedTable(sandbox, count: 12)
        _ = await sandbox.airtable("POST", AirtableTest.base + "/Ranked", json: #"{"fields":{"Name":"No rank"}}"#)
        let ascending = await sandbox.airtable("GET", AirtableTest.base + "/Ranked?sort[0][field]=Rank")
        #expect(ascending.airtableRecords.first?["fields"]?["Name"] == "No rank")
        #expect(
            ascending.airtableRecords.dropFirst().compactMap { $0["fields"]?["Rank"]?.numberValue }
                == (1...12).map(Double.init))
        let descending = await sandbox.airtable(
            "GET", AirtableTest.base + "/Ranked?sort[0][field]=Rank&sort[0][direction]=desc")
        #expect(descending.airtableRecords.first?["fields"]?["Rank"] == 12)
        #expect(descending.airtableRecords.last?["fields"]?["Name"] == "No rank")
    }

    @Test("A view filters and orders as saved; an unknown view is refused")
    func views() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let grid = await sandbox.airtable("GET", AirtableTest.table + "?view=Grid%20view")
        #expect(grid.airtableRecords.count == 16)
        let incomplete = await sandbox.airtable("GET", AirtableTest.table + "?view=Incomplete+projects")
        #expect(incomplete.airtableRecords.allSatisfy { $0["fields"]?["Complete"] == nil })
        #expect(incomplete.airtableRecords.count == 16 - 11)
        let dates = incomplete.airtableRecords.compactMap { $0["fields"]?["Due date"]?.stringValue }
        #expect(dates == dates.sorted())
        let byID = await sandbox.airtable("GET", AirtableTest.table + "?view=viwIncomplete0000")
        #expect(byID.airtableRecordIDs == incomplete.airtableRecordIDs)
        let unknown = await sandbox.airtable("GET", AirtableTest.table + "?view=Kanban")
        #expect(unknown.status == 422)
        #expect(unknown.bodyJSON["error"]?["type"] == "VIEW_NAME_NOT_FOUND")
    }

    @Test("POST …/listRecords takes the same parameters in a JSON body")
    func listRecordsPost() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let body = #"""
            {"pageSize":4,"fields":["Name","Category"],"sort":[{"field":"Name","direction":"asc"}],
             "filterByFormula":"NOT({Complete})","returnFieldsByFieldId":false,"timeZone":"UTC"}
            """#
        let posted = await sandbox.airtable("POST", AirtableTest.table + "/listRecords", json: body)
        let airtableJS = await sandbox.airtable(
            "POST", AirtableTest.table + "/listRecords?timeZone=UTC", json: #"{"method":"post","maxRecords":2}"#)
        #expect(airtableJS.airtableRecords.count == 2)
        #expect(posted.status == 200)
        let query =
            "?pageSize=4&fields[]=Name&fields[]=Category&sort[0][field]=Name&filterByFormula=NOT(%7BComplete%7D)"
        let got = await sandbox.airtable("GET", AirtableTest.table + query)
        #expect(posted.airtableRecords == got.airtableRecords)
        #expect(posted.bodyJSON["offset"] == got.bodyJSON["offset"])
        let offset = try #require(posted.bodyJSON["offset"]?.stringValue)
        let next = await sandbox.airtable(
            "POST", AirtableTest.table + "/listRecords",
            json:
                #"{"pageSize":4,"fields":["Name","Category"],"sort":[{"field":"Name"}],"filterByFormula":"NOT({Complete})","offset":"\#(offset)"}"#
        )
        #expect(next.status == 200)
        #expect(next.airtableRecords.count == 1)
        #expect(next.bodyJSON["offset"] == nil)
        #expect(Set(next.airtableRecordIDs).isDisjoint(with: posted.airtableRecordIDs))

        for bad in [
            #"{"pageSize":101}"#, #"{"pageSize":"5"}"#, #"{"fields":"Name"}"#, #"{"sort":[{"direction":"asc"}]}"#, "[]",
        ] {
            let response = await sandbox.airtable("POST", AirtableTest.table + "/listRecords", json: bad)
            #expect(response.status == 422, "\(bad)")
            #expect(response.bodyText == AirtableTest.invalidRequest, "\(bad)")
        }
        for unparsable in ["{", "nope"] {
            let response = await sandbox.airtable("POST", AirtableTest.table + "/listRecords", json: unparsable)
            #expect(response.status == 400, "\(unparsable)")
            #expect(response.bodyText == AirtableTest.unparsableBody, "\(unparsable)")
        }
        let badOffset = await sandbox.airtable("POST", AirtableTest.table + "/listRecords", json: #"{"offset":"x"}"#)
        #expect(badOffset.bodyText == AirtableTest.error("INVALID_OFFSET_VALUE", "The value of offset x is invalid"))
        #expect(await sandbox.airtable("GET", AirtableTest.table + "/listRecords").status == 404)
    }

    @Test("cellFormat=string answers text, and only with a time zone and a locale")
    func cellFormat() async throws {
        let sandbox = try await AirtableTest.sandbox()
        #expect(await sandbox.airtable("GET", AirtableTest.table + "?cellFormat=json").status == 200)
        #expect(await sandbox.airtable("GET", AirtableTest.table + "?cellFormat=string").status == 422)
        let text = await sandbox.airtable(
            "GET", AirtableTest.table + "?cellFormat=string&timeZone=UTC&userLocale=en-gb&maxRecords=1")
        let fields = (try JSON.parse(text.data))["records"]?[0]?["fields"]?.objectValue ?? [:]
        #expect(!fields.isEmpty)
        #expect(fields.values.allSatisfy { $0.stringValue != nil })
        #expect(fields["Complete"] == nil || fields["Complete"] == "checked")
        // A date without a format of its own follows the locale: D/M/YYYY in en-gb.
        let day = await sandbox.airtable(
            "GET",
            AirtableTest.table + "?cellFormat=string&timeZone=UTC&userLocale=en-gb&maxRecords=1"
                + "&filterByFormula=%7BDue%20date%7D%3D%272020-10-05%27")
        let due = (try JSON.parse(day.data))["records"]?[0]?["fields"]?["Due date"]
        #expect(due == "5/10/2020")
    }
}
