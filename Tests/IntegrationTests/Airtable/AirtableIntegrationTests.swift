import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real AirtableClient over real HTTP (`URLSessionTransport`) against a
/// SandboxServer on 127.0.0.1, port 0; only the configuration says "sandbox".
@Suite("Airtable over HTTP")
struct AirtableIntegrationTests {
    @Test("Listing the seeded table gives the 16 lesson projects")
    func seededTable() async throws {
        try await AirtableServer.run { server, client in
            let projects = try await client.getProjects()
            #expect(projects.count == 16)
            #expect(projects.first?.name == "CMCA brand identity")
            #expect(await server.sandbox.requests.matching("/v0/*").count == 1)
        }
    }

    @Test("Creating 25 records makes 3 requests")
    func createTwentyFive() async throws {
        try await AirtableServer.run { server, client in
            let records = try await client.create((1...25).map { Project(name: "HTTP \($0)") })
            #expect(records.count == 25)
            #expect(Set(records.map(\.id)).count == 25)
            #expect(await server.sandbox.requests.matching("/v0/*", method: "POST").count == 3)
            #expect(await server.sandbox.airtable.recordCount(inTable: AirtableClient.designProjectsTable) == 41)
        }
    }

    @Test("Paging a 250-record table with pageSize 100 makes 3 requests and returns 250 distinct records")
    func pagingTwoHundredFifty() async throws {
        try await AirtableServer.run { server, client in
            let rows = (1...250).map { JSON.object(["Name": .string("Row \($0)")]) }
            try await server.sandbox.airtable.addTable(
                named: "Big table", fields: [.init("Name", .singleLineText)], records: rows)
            var pages = 0
            var ids = Set<String>()
            for try await page in client.table("Big table").pages(AirtableQuery(pageSize: 100), as: [String: JSON].self)
            {
                pages += 1
                ids.formUnion(page.records.map(\.id))
            }
            #expect(pages == 3)
            #expect(ids.count == 250)
            #expect(await server.sandbox.requests.matching("/v0/*").count == 3)
        }
    }

    @Test("A 429 from the sandbox is retried and succeeds")
    func rateLimitRetried() async throws {
        try await AirtableServer.run(rateLimited: true) { server, client in
            let body =
                #"{"error":{"type":"RATE_LIMIT_REACHED","message":"Rate limit exceeded. Please try again later"}}"#
            try server.sandbox.faults.inject(
                Fault(
                    path: "/v0/*", method: "POST", status: 429, headers: ["Retry-After": "0.2"], body: Data(body.utf8)))
            let record = try await client.post(Project(name: "After a 429"))
            #expect(record.fields.name == "After a 429")
            #expect(await server.sandbox.requests.matching("/v0/*").map(\.status) == [429, 200])
            #expect(await server.sandbox.airtable.recordCount(inTable: AirtableClient.designProjectsTable) == 17)
        }
    }

    @Test("The server's own 5-per-second limit is waited out")
    func realRateLimit() async throws {
        // Five requests in 10 s rather than in one: eight sent at once meet
        // the limit even on a machine too busy to send them within a second.
        try await AirtableServer.run(rateLimited: true, rateLimitWindow: .seconds(10)) { server, _ in
            // Unpaced, so eight at once meet the limit; a wait past the
            // window gets a refused request through.
            let client = AirtableServer.client(of: server, paced: false, rateLimitWait: .milliseconds(10_500))
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 1...8 {
                    group.addTask {
                        try await client.listRecords(AirtableQuery(pageSize: 2), as: Project.self).records.count
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(counts == Array(repeating: 2, count: 8))
            let statuses = await server.sandbox.requests.matching("/v0/*").map(\.status)
            #expect(statuses.filter { $0 == 200 }.count == 8)
            #expect(statuses.contains(429))
        }
    }

    @Test("A bad token gives unauthenticated with Airtable's message")
    func badToken() async throws {
        try await AirtableServer.run(token: "patNotAToken.nope") { _, client in
            await #expect {
                _ = try await client.getProjects()
            } throws: { error in
                guard let error = error as? NetworkError, case .unauthenticated = error else { return false }
                return error.airtableError?.type == .authenticationRequired
                    && error.airtableError?.message == "Authentication required"
            }
        }
    }

    @Test("A long formula goes to POST listRecords over HTTP")
    func longFormula() async throws {
        try await AirtableServer.run { server, client in
            let clauses = (1...700).map { "{Name} = 'No project called \($0)'" }
            let formula = "OR(" + clauses.joined(separator: ", ") + ", {Name} = 'CubePad')"
            let records = try await client.records(AirtableQuery(filterByFormula: formula), as: Project.self)
            #expect(records.map(\.fields.name) == ["CubePad"])
            #expect(await server.sandbox.requests.matching("/v0/*/listRecords", method: "POST").count == 1)
        }
    }

    @Test("Get, update, replace, upsert and delete round-trip over HTTP")
    func roundTrip() async throws {
        try await AirtableServer.run { server, client in
            let created = try await client.create(Project(name: "Round trip", notes: "first"))
            let fetched = try await client.record(id: created.id, as: Project.self)
            #expect(fetched.fields.notes == "first")
            let updated = try await client.update(created.id, fields: ["Notes": JSON.string("second")])
            #expect(updated.fields["Name"] == "Round trip")
            let replaced = try await client.replace(created.id, fields: Project(name: "Replaced"))
            #expect(replaced.fields.notes == nil)
            let upserted = try await client.upsert(
                [Project(name: "Replaced", notes: "upserted"), Project(name: "Brand new")], mergingOn: ["Name"])
            #expect(upserted.updatedRecordIDs == [created.id])
            #expect(upserted.createdRecordIDs.count == 1)
            let deleted = try await client.delete(upserted.records.map(\.id))
            #expect(deleted.allSatisfy { $0.deleted })
            #expect(await server.sandbox.airtable.recordCount(inTable: AirtableClient.designProjectsTable) == 16)
        }
    }
}

/// A SandboxServer and an AirtableClient on it, over URLSession.
enum AirtableServer {
    static func run(
        rateLimited: Bool = false,
        rateLimitWindow: Duration = .seconds(1),
        token: String = AirtableEmulator.Configuration.defaultToken,
        _ body: (SandboxServer, AirtableClient) async throws -> Void
    ) async throws {
        var configuration = SandboxConfiguration()
        configuration.airtable.rateLimitEnabled = rateLimited
        configuration.airtable.rateLimitWindow = rateLimitWindow
        try await SandboxServer.withServer(SandboxServerOptions(port: 0, configuration: configuration)) { server in
            let client = Self.client(of: server, token: token)
            try await body(server, client)
        }
    }

    /// A client of the lesson's table on `server`, over URLSession.
    static func client(
        of server: SandboxServer, token: String = AirtableEmulator.Configuration.defaultToken, paced: Bool = true,
        rateLimitWait: Duration = .milliseconds(1100)
    ) -> AirtableClient {
        AirtableClient(
            configuration: AirtableClient.Configuration(
                baseID: AirtableClient.lessonBaseID,
                table: AirtableClient.designProjectsTable,
                token: token,
                endpointURL: server.baseURL,
                // Airtable's 30 s would be right against the real service;
                // the sandbox's window is one second unless a test sets it.
                rateLimit: AirtableRateLimitPolicy(
                    maxRetries: 5, wait: rateLimitWait, requestsPerSecond: paced ? 4 : nil)
            )
        )
    }
}
