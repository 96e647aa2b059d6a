import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Airtable over HTTP: concurrency and durability")
struct AirtableHTTPDurabilityTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "AirtableHTTP-\(UUID().uuidString)", isDirectory: true)
    }

    /// 16 clients, each creating 50 records in 5 batches of 10, all at once.
    private static func createConcurrently(_ baseURL: URL) async -> (created: [String], refused: Int, other: [String]) {
        await withTaskGroup(of: (created: [String], refused: Int, other: [String]).self) { group in
            for client in 0..<16 {
                group.addTask {
                    let session = HTTP.session
                    var result: (created: [String], refused: Int, other: [String]) = ([], 0, [])
                    for batch in 0..<5 {
                        let records = (0..<10).map { #"{"fields":{"Name":"c\#(client)-b\#(batch)-r\#($0)"}}"# }
                        do {
                            let response = try await AirtableHTTP.send(
                                baseURL, "POST", AirtableHTTP.table,
                                json: #"{"records":[\#(records.joined(separator: ","))]}"#, session: session)
                            switch response.status {
                            case 200: result.created += response.airtableRecordIDs
                            case 429 where response.text == AirtableHTTP.rateLimited: result.refused += 1
                            default: result.other.append("\(response.status)")
                            }
                        } catch {
                            result.other.append("\(error)")
                        }
                    }
                    return result
                }
            }
            var all: (created: [String], refused: Int, other: [String]) = ([], 0, [])
            for await result in group {
                all.created += result.created
                all.refused += result.refused
                all.other += result.other
            }
            return all
        }
    }

    @Test("16 concurrent clients × 50 records in batches of 10 leave exactly 800 new records (rate limit off)")
    func concurrentCreates() async throws {
        try await AirtableHTTP.withServer { server in
            let result = await Self.createConcurrently(server.baseURL)
            #expect(result.other.isEmpty)
            #expect(result.created.count == 800)
            #expect(Set(result.created).count == 800)
            #expect(await server.sandbox.airtable.recordCount(inTable: "Design projects") == 816)
        }
    }

    @Test("The same with --data-dir: 800 records committed, and all there after a restart")
    func concurrentCreatesDurable() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await AirtableHTTP.withServer(AirtableHTTP.options(dataDirectory: directory)) { server in
            let result = await Self.createConcurrently(server.baseURL)
            #expect(result.other.isEmpty)
            #expect(result.created.count == 800)
        }
        try await AirtableHTTP.withServer(AirtableHTTP.options(dataDirectory: directory)) { server in
            #expect(await server.sandbox.airtable.recordCount(inTable: "Design projects") == 816)
        }
    }

    @Test("With the rate limit on, every refused request got a 429 and wrote nothing")
    func concurrentCreatesRateLimited() async throws {
        try await AirtableHTTP.withServer(AirtableHTTP.options(rateLimit: true)) { server in
            let result = await Self.createConcurrently(server.baseURL)
            #expect(result.other.isEmpty)
            #expect(result.refused > 0)
            #expect(result.created.count + result.refused * 10 == 800)
            #expect(await server.sandbox.airtable.recordCount(inTable: "Design projects") == 16 + result.created.count)
        }
    }

    @Test("Acknowledged writes survive SIGKILL of the sandbox process with --data-dir")
    func survivesKill() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await SandboxProcess.launch(["--data-dir", directory.path, "--no-rate-limit"])
        var acknowledged: [String] = []
        for index in 0..<20 {
            let response = try await AirtableHTTP.send(
                first.baseURL, "POST", AirtableHTTP.table, json: #"{"fields":{"Name":"Durable \#(index)"}}"#)
            #expect(response.status == 200)
            if let id = response.bodyJSON["id"]?.stringValue {
                acknowledged.append(id)
            }
        }
        let batch = (0..<10).map { #"{"fields":{"Name":"Batch \#($0)"}}"# }.joined(separator: ",")
        let created = try await AirtableHTTP.send(
            first.baseURL, "POST", AirtableHTTP.table, json: #"{"records":[\#(batch)]}"#)
        acknowledged += created.airtableRecordIDs
        let typecast = try await AirtableHTTP.send(
            first.baseURL, "POST", AirtableHTTP.table,
            json: #"{"typecast":true,"fields":{"Name":"Cast","Category":"Added option"}}"#)
        #expect(typecast.status == 200)
        let patched = try await AirtableHTTP.send(
            first.baseURL, "PATCH", AirtableHTTP.table + "/rec6DyWEAw6ZOWrb4", json: #"{"fields":{"Notes":"Kept"}}"#)
        #expect(patched.status == 200)
        let deleted = try await AirtableHTTP.send(first.baseURL, "DELETE", AirtableHTTP.table + "/rec3g0Xxmw2rw3scs")
        #expect(deleted.status == 200)
        #expect(acknowledged.count == 30)

        #expect(await first.kill() == SIGKILL)

        let restarted = try await SandboxProcess.launch(["--data-dir", directory.path, "--no-rate-limit"])
        var ids: [String] = []
        var offset: String?
        repeat {
            let query =
                "?pageSize=100" + (offset.map { "&offset=\($0.replacingOccurrences(of: "/", with: "%2F"))" } ?? "")
            let page = try await AirtableHTTP.send(restarted.baseURL, "GET", AirtableHTTP.table + query)
            ids += page.airtableRecordIDs
            offset = page.bodyJSON["offset"]?.stringValue
        } while offset != nil
        #expect(Set(acknowledged).isSubset(of: Set(ids)))
        // The lesson's 16, the 30 acknowledged creates and the typecast one, less the deleted one.
        let expected = 46
        #expect(ids.count == expected)
        #expect(!ids.contains("rec3g0Xxmw2rw3scs"))
        let notes = try await AirtableHTTP.send(restarted.baseURL, "GET", AirtableHTTP.table + "/rec6DyWEAw6ZOWrb4")
        #expect(notes.bodyJSON["fields"]?["Notes"] == "Kept")
        let strict = try await AirtableHTTP.send(
            restarted.baseURL, "POST", AirtableHTTP.table, json: #"{"fields":{"Category":"Added option"}}"#)
        #expect(strict.status == 200)
        #expect(await restarted.terminate() == 0)
    }
}
