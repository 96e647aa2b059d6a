import Foundation
import SandboxCore
import Testing

@testable import SandboxAirtable

/// A storage whose commits fail on demand, to show a write is acknowledged
/// only once stored.
private actor FailingStorage: SandboxStorage {
    private let inner = InMemoryStorage()
    var failsCommits = false

    func setFailsCommits(_ fails: Bool) {
        failsCommits = fails
    }

    func load(namespace: String) async throws -> [String: Data] {
        await inner.load(namespace: namespace)
    }

    func namespaces(withPrefix prefix: String) async throws -> [String] {
        await inner.namespaces(withPrefix: prefix)
    }

    func commit(_ changes: [StorageChange], in namespace: String) async throws {
        if failsCommits {
            throw CocoaError(.fileWriteUnknown)
        }
        await inner.commit(changes, in: namespace)
    }

    func removeAll() async throws {
        await inner.removeAll()
    }
}

@Suite("Airtable: rate limit, persistence and concurrency")
struct AirtableDurabilityTests {
    @Test("With the rate limit on, the 6th request to a base within the window is 429; other bases are not affected")
    func rateLimit() async throws {
        let sandbox = try await AirtableTest.sandbox(rateLimit: true)
        try await sandbox.airtable.addTable(
            named: "Other", fields: [.init("Name", .singleLineText)], inBase: "appOtherBase00000")
        var created = 0
        let answers = try await Self.sendSix {
            let response = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Name":"Allowed?"}}"#)
            created += response.status == 200 ? 1 : 0
            return response
        }
        #expect(answers.map(\.status) == [200, 200, 200, 200, 200, 429])
        #expect(
            answers.last?.bodyText
                == #"{"error":{"type":"RATE_LIMIT_REACHED","message":"Rate limit exceeded. Please try again later"}}"#)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16 + created)
        #expect(await sandbox.airtable("GET", "/v0/appOtherBase00000/Other").status == 200)
    }

    @Test("The default one-second window slides: a full window later the base is served again")
    func rateLimitWindowSlides() async throws {
        let sandbox = try await AirtableTest.sandbox(rateLimit: true, rateLimitWindow: .seconds(1))
        for _ in 0..<5 {
            #expect(await sandbox.airtable("GET", AirtableTest.table + "?maxRecords=1").status == 200)
        }
        // The window is full now (the previous test shows the sixth is
        // refused); a full window later the oldest requests have left it.
        try await Task.sleep(for: .milliseconds(1100))
        #expect(await sandbox.airtable("GET", AirtableTest.table + "?maxRecords=1").status == 200)
    }

    @Test("With the rate limit off (the demo switch), bursts are all served")
    func rateLimitOff() async throws {
        let sandbox = try await AirtableTest.sandbox(rateLimit: false)
        for _ in 0..<20 {
            #expect(await sandbox.airtable("GET", AirtableTest.table + "?maxRecords=1").status == 200)
        }
    }

    @Test("Every write is in storage when acknowledged, and a new emulator restores it")
    func persistence() async throws {
        let storage = InMemoryStorage()
        let first = try await AirtableTest.sandbox(storage: storage)
        let created = await first.airtable(
            "POST", AirtableTest.table, json: #"{"typecast":true,"fields":{"Name":"Kept","Category":"New category"}}"#)
        let id = try #require(created.bodyJSON["id"]?.stringValue)
        _ = await first.airtable(
            "PATCH", AirtableTest.table + "/rec6DyWEAw6ZOWrb4", json: #"{"fields":{"Notes":"Edited"}}"#)
        _ = await first.airtable("DELETE", AirtableTest.table + "/rec3g0Xxmw2rw3scs")
        try await AirtableTest.addRankedTable(first, count: 3)
        #expect(await storage.namespaces(withPrefix: "airtable/") == ["airtable/appIBfoNbzEaA72c2"])

        let second = try await AirtableTest.sandbox(storage: storage)
        let listed = await second.airtable("GET", AirtableTest.table)
        #expect(listed.airtableRecordIDs.count == 16)
        #expect(listed.airtableRecordIDs.last == id)
        #expect(!listed.airtableRecordIDs.contains("rec3g0Xxmw2rw3scs"))
        #expect(
            await second.airtable("GET", AirtableTest.table + "/rec6DyWEAw6ZOWrb4").bodyJSON["fields"]?["Notes"]
                == "Edited")
        #expect(await second.airtable("GET", AirtableTest.table + "/" + id).bodyJSON == created.bodyJSON)
        let strict = await second.airtable("POST", AirtableTest.table, json: #"{"fields":{"Category":"New category"}}"#)
        #expect(strict.status == 200)
        #expect(await second.airtable.recordCount(inTable: "Ranked") == 3)
        let next = await second.airtable("POST", AirtableTest.base + "/Ranked", json: #"{"fields":{"Name":"Row 4"}}"#)
        #expect(next.bodyJSON["fields"]?["Number"] == 4)
    }

    @Test("The lesson's data is seeded once: records deleted stay deleted after a restart")
    func seededOnce() async throws {
        let storage = InMemoryStorage()
        let first = try await AirtableTest.sandbox(storage: storage)
        let ids = await first.airtable("GET", AirtableTest.table).airtableRecordIDs
        for chunk in stride(from: 0, to: ids.count, by: 10) {
            let query = ids[chunk..<min(chunk + 10, ids.count)].map { "records[]=\($0)" }.joined(separator: "&")
            #expect(await first.airtable("DELETE", AirtableTest.table + "?" + query).status == 200)
        }
        let second = try await AirtableTest.sandbox(storage: storage)
        #expect(await second.airtable.recordCount(inTable: "Design projects") == 0)

        // What `SandboxConfiguration.reset` does before the emulators start.
        await storage.removeAll()
        let reset = try await AirtableSandbox(configuration: .init(), storage: storage)
        #expect(await reset.airtable.recordCount(inTable: "Design projects") == 16)
    }

    @Test("A write whose commit fails is not acknowledged and changes nothing")
    func failedCommit() async throws {
        let storage = FailingStorage()
        let sandbox = try await AirtableTest.sandbox(storage: storage)
        await storage.setFailsCommits(true)
        let response = await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Name":"Lost"}}"#)
        #expect(response.status == 503)
        #expect(response.bodyJSON["error"]?["type"] == "RETRIABLE_ERROR")
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16)
        await storage.setFailsCommits(false)
        #expect(await sandbox.airtable("POST", AirtableTest.table, json: #"{"fields":{"Name":"Kept"}}"#).status == 200)
    }

    @Test("16 concurrent clients creating 50 records each in batches of 10 leave exactly 800 new records")
    func concurrentCreates() async throws {
        let storage = InMemoryStorage()
        let sandbox = try await AirtableTest.sandbox(rateLimit: false, storage: storage)
        let ids = await Self.createConcurrently(sandbox)
        #expect(ids.created.count == 800)
        #expect(Set(ids.created).count == 800)
        #expect(ids.refused == 0)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 816)
        let restored = try await AirtableTest.sandbox(storage: storage)
        #expect(await restored.airtable.recordCount(inTable: "Design projects") == 816)
    }

    @Test("With the rate limit on, every refused batch got a 429 and wrote nothing")
    func concurrentCreatesRateLimited() async throws {
        let sandbox = try await AirtableTest.sandbox(rateLimit: true)
        let ids = await Self.createConcurrently(sandbox)
        #expect(ids.refused > 0)
        #expect(ids.created.count + ids.refused * 10 == 800)
        #expect(ids.otherStatuses.isEmpty)
        #expect(await sandbox.airtable.recordCount(inTable: "Design projects") == 16 + ids.created.count)
    }

    /// Six requests back to back. The tests widen the rate-limit window
    /// (see `rateLimitWindow`), so all six fall in one window however
    /// loaded the machine is.
    static func sendSix<Answer>(_ send: () async throws -> Answer) async throws -> [Answer] {
        var answers: [Answer] = []
        for _ in 0..<6 {
            answers.append(try await send())
        }
        return answers
    }

    private static func createConcurrently(
        _ sandbox: AirtableSandbox
    ) async -> (created: [String], refused: Int, otherStatuses: [Int]) {
        await withTaskGroup(of: (created: [String], refused: Int, otherStatuses: [Int]).self) { group in
            for client in 0..<16 {
                group.addTask {
                    var created: [String] = []
                    var refused = 0
                    var other: [Int] = []
                    for batch in 0..<5 {
                        let records = (0..<10).map { #"{"fields":{"Name":"c\#(client)-b\#(batch)-r\#($0)"}}"# }
                        let response = await sandbox.airtable(
                            "POST", AirtableTest.table, json: #"{"records":[\#(records.joined(separator: ","))]}"#)
                        switch response.status {
                        case 200: created += response.airtableRecordIDs
                        case 429:
                            if response.bodyText == AirtableTest.rateLimited { refused += 1 } else { other.append(429) }
                        default: other.append(response.status)
                        }
                    }
                    return (created, refused, other)
                }
            }
            var all: (created: [String], refused: Int, otherStatuses: [Int]) = ([], 0, [])
            for await result in group {
                all.created += result.created
                all.refused += result.refused
                all.otherStatuses += result.otherStatuses
            }
            return all
        }
    }
}
