import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

@Suite("Listing records")
struct ListingTests {
    @Test("Listing the seeded table gives the 16 lesson projects in one request")
    func seededTable() async throws {
        let harness = try await Harness()
        let records = try await harness.client().records(as: Project.self)
        #expect(records.count == 16)
        #expect(Set(records.map(\.id)).count == 16)
        #expect(records.first?.id == "rec3g0Xxmw2rw3scs")
        #expect(records.first?.fields.name == "CMCA brand identity")
        #expect(records.first?.fields.dueDate == CalendarDate("2020-11-07"))
        #expect(await harness.requests().count == 1)
    }

    @Test("Raw JSON fields decode as well as a Codable type")
    func rawFields() async throws {
        let harness = try await Harness()
        let record = try await harness.client().record(id: "rec9xiQBTNEG7pdNf", as: [String: JSON].self)
        #expect(record.fields["Name"] == "Convertible 3000 laptop")
        #expect(record.fields["Complete"] == true)
        #expect(record.fields["Project team"]?.arrayValue?.count == 2)
    }

    @Test("One page holds pageSize records and the offset of the next")
    func onePage() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let first = try await client.listRecords(AirtableQuery(pageSize: 5), as: Project.self)
        #expect(first.records.count == 5)
        let offset = try #require(first.offset)
        let second = try await client.listRecords(AirtableQuery(pageSize: 5), offset: offset, as: Project.self)
        #expect(second.records.count == 5)
        #expect(Set(first.records.map(\.id)).isDisjoint(with: second.records.map(\.id)))
        let recorded = await harness.requests()
        #expect(recorded.last?.rawQuery?.contains("offset=") == true)
    }

    @Test("Pages follow offset to the end as an AsyncSequence")
    func pageSequence() async throws {
        let harness = try await Harness()
        var sizes: [Int] = []
        for try await page in harness.client().pages(AirtableQuery(pageSize: 5), as: Project.self) {
            sizes.append(page.records.count)
        }
        #expect(sizes == [5, 5, 5, 1])
        #expect(await harness.requests().count == 4)
    }

    @Test("Paging a 250-record table 100 at a time makes 3 requests and returns 250 distinct records")
    func twoHundredFifty() async throws {
        let harness = try await Harness()
        try await harness.addNumberedTable("Big", count: 250)
        let records = try await harness.client(table: "Big").records(AirtableQuery(pageSize: 100), as: Row.self)
        #expect(records.count == 250)
        #expect(Set(records.map(\.id)).count == 250)
        #expect(Set(records.map(\.fields.name)).count == 250)
        #expect(await harness.requests(method: "GET").count == 3)
    }

    @Test("Breaking out of the page loop stops the requests")
    func breakStops() async throws {
        let harness = try await Harness()
        try await harness.addNumberedTable("Big", count: 250)
        for try await page in harness.client(table: "Big").pages(AirtableQuery(pageSize: 10), as: Row.self) {
            #expect(page.records.count == 10)
            break
        }
        #expect(await harness.requests().count == 1)
    }

    @Test("fields, filterByFormula, sort and maxRecords are sent and honoured")
    func parameters() async throws {
        let harness = try await Harness()
        let query = AirtableQuery(
            fields: ["Name", "Category"],
            filterByFormula: "{Category} = 'Brand identity'",
            sort: [.descending("Name")],
            maxRecords: 3
        )
        let records = try await harness.client().records(query, as: [String: JSON].self)
        #expect(records.count == 3)
        #expect(records.allSatisfy { $0.fields["Category"] == "Brand identity" })
        #expect(records.allSatisfy { Set($0.fields.keys).isSubset(of: ["Name", "Category"]) })
        let names = records.compactMap { $0.fields["Name"]?.stringValue }
        #expect(names == names.sorted(by: >))
        let rawQuery = try #require(await harness.requests().first?.rawQuery)
        #expect(rawQuery.contains("fields%5B%5D=Name"))
        #expect(rawQuery.contains("sort%5B0%5D%5Bfield%5D=Name"))
        #expect(rawQuery.contains("sort%5B0%5D%5Bdirection%5D=desc"))
        #expect(rawQuery.contains("maxRecords=3"))
    }

    @Test("recordMetadata asks for each record's comment count, which is absent otherwise")
    func recordMetadata() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let query = AirtableQuery(pageSize: 3, recordMetadata: [.commentCount])
        #expect(query.queryItems().contains(QueryItem(name: "recordMetadata[]", value: "commentCount")))
        let counted = try await client.listRecords(query, as: Project.self)
        #expect(counted.records.map(\.commentCount) == [0, 0, 0])
        let plain = try await client.listRecords(AirtableQuery(pageSize: 3), as: Project.self)
        #expect(plain.records.map(\.commentCount) == [nil, nil, nil])
        // Sent as POST …/listRecords, the body asks the same.
        var configuration = client.configuration
        configuration.maximumURLLength = 10
        let posted = try await harness.client(configuration).listRecords(query, as: Project.self)
        #expect(posted.records.map(\.commentCount) == [0, 0, 0])
    }

    @Test("A view limits and orders the records")
    func view() async throws {
        let harness = try await Harness()
        let records = try await harness.client().records(
            AirtableQuery(view: "Incomplete projects"), as: Project.self)
        #expect(!records.isEmpty)
        #expect(records.count < 16)
        #expect(records.allSatisfy { !$0.fields.isComplete })
        let dates = records.compactMap(\.fields.dueDate)
        #expect(dates == dates.sorted())
    }

    @Test("maxRecords bounds the total across pages")
    func maxRecordsAcrossPages() async throws {
        let harness = try await Harness()
        try await harness.addNumberedTable("Big", count: 250)
        let records = try await harness.client(table: "Big").records(
            AirtableQuery(pageSize: 100, maxRecords: 150), as: Row.self)
        #expect(records.count == 150)
        #expect(await harness.requests().count == 2)
    }

    @Test("A query whose URL would pass 16,000 characters goes to POST listRecords")
    func longFormulaUsesPost() async throws {
        let harness = try await Harness()
        let names = (1...700).map { "{Name} = 'Project number \($0) that does not exist'" }
        let formula = "OR(" + names.joined(separator: ", ") + ", {Name} = 'CubePad')"
        let query = AirtableQuery(fields: ["Name"], filterByFormula: formula, sort: [.ascending("Name")])
        let client = harness.client()
        let url = try client.http.makeTransportRequest(
            NetworkRequest<Data>.get("v0/\(Harness.baseID)/Design projects").query(query.queryItems())
        ).url
        #expect(url.absoluteString.count > 16_000)
        let records = try await client.records(query, as: Project.self)
        #expect(records.map(\.fields.name) == ["CubePad"])
        let recorded = await harness.requests()
        #expect(recorded.count == 1)
        #expect(recorded.first?.method == "POST")
        #expect(recorded.first?.path == "/v0/\(Harness.baseID)/Design%20projects/listRecords")
    }

    @Test("Pages of a POST listRecords query carry the offset in the body")
    func postPaging() async throws {
        let harness = try await Harness()
        var configuration = harness.client().configuration
        configuration.maximumURLLength = 10
        let client = harness.client(configuration)
        let records = try await client.records(AirtableQuery(pageSize: 6), as: Project.self)
        #expect(records.count == 16)
        #expect(Set(records.map(\.id)).count == 16)
        let recorded = await harness.requests()
        #expect(recorded.map(\.method) == ["POST", "POST", "POST"])
    }

    @Test("Getting one record by id, and a missing one is notFound")
    func getOne() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let record = try await client.record(id: "recF3yQ5GgUUOjwnx", as: Project.self)
        #expect(record.fields.name == "CubePad")
        await #expect {
            _ = try await client.record(id: "recDoesNotExist00", as: Project.self)
        } throws: { error in
            guard let error = error as? NetworkError, case .notFound = error else { return false }
            return error.airtableError?.type == .notFound
        }
    }

    @Test("An empty record id is refused before anything is sent")
    func emptyID() async throws {
        let harness = try await Harness()
        await #expect(throws: NetworkError.self) {
            _ = try await harness.client().record(id: " ", as: Project.self)
        }
        #expect(await harness.requests().isEmpty)
    }

    @Test("A table name with a slash stays one path segment")
    func tableNameEncoding() async throws {
        let harness = try await Harness()
        let client = harness.client(table: "Clients/2024")
        let request = try client.http.makeTransportRequest(NetworkRequest<Data>.get("x"))
        #expect(request.headers["Authorization"] == "Bearer \(Harness.token)")
        await #expect(throws: NetworkError.self) {
            _ = try await client.records(as: Project.self)
        }
        #expect(await harness.requests().first?.path == "/v0/\(Harness.baseID)/Clients%2F2024")
    }
}
