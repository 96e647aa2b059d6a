import Foundation
import Synchronization
import Testing

@testable import Sandbox
@testable import SandboxCore

@Suite("The request log")
struct RequestLogTests {
    @Test("A full log keeps the last entries, oldest first, however many came before")
    func ring() async {
        let log = RequestLog(capacity: 3)
        for index in 1...7 {
            log.record(RecordedRequest(method: "GET", path: "/\(index)", rawQuery: nil, status: 200))
        }
        #expect(await log.all.map(\.path) == ["/5", "/6", "/7"])
        #expect(await log.matching("/6").map(\.path) == ["/6"])
        await log.clear()
        log.record(RecordedRequest(method: "GET", path: "/8", rawQuery: nil, status: 200))
        #expect(await log.all.map(\.path) == ["/8"])
    }

    @Test("A log without room records nothing")
    func empty() async {
        let log = RequestLog(capacity: 0)
        log.record(RecordedRequest(method: "GET", path: "/1", rawQuery: nil, status: 200))
        #expect(await log.all.isEmpty)
    }

    @Test("The log pages from the newest, between ids, filtered; ids survive a clear")
    func paging() async throws {
        let sandbox = try await Sandbox()
        for id in 1...30 {
            _ = await sandbox.respond(to: SandboxRequest(id % 3 == 0 ? "PUT" : "GET", "/bankey/profile/\(id % 4)"))
        }
        let newest = await sandbox.requests.page(limit: 10)
        #expect(newest.map(\.id) == Array(21...30))
        let older = await sandbox.requests.page(before: 21, limit: 10)
        #expect(older.map(\.id) == Array(11...20))
        let fresh = await sandbox.requests.page(after: 27)
        #expect(fresh.map(\.id) == [28, 29, 30])
        let puts = await sandbox.requests.page(RequestLog.Filter(method: "put"), limit: 3)
        #expect(puts.map(\.id) == [24, 27, 30])
        let missing = await sandbox.requests.page(RequestLog.Filter(statuses: 404..<405))
        #expect(missing.allSatisfy { $0.status == 404 } && missing.contains { $0.path == "/bankey/profile/0" })
        let odd = await sandbox.requests.page(RequestLog.Filter(path: "/bankey/*/1", predicate: { $0.id % 2 == 1 }))
        #expect(odd.map(\.id) == [1, 5, 9, 13, 17, 21, 25, 29])
        #expect(await sandbox.requests.entry(id: 12)?.path == "/bankey/profile/0")

        await sandbox.requests.clear()
        _ = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1"))
        #expect(await sandbox.requests.all.map(\.id) == [31])
        #expect(await sandbox.requests.entry(id: 12) == nil)
    }

    @Test("The log keeps bodies for its newest requests only, within its budget, and at most 32 KiB of each")
    func boundedBodies() async throws {
        let log = RequestLog(capacity: 5, bodyBudget: 2 * CapturedBody.limit)
        for index in 1...7 {
            log.record(
                RecordedRequest(
                    method: "POST", path: "/\(index)", status: 200,
                    requestBody: CapturedBody(Data(repeating: UInt8(index), count: 40_000))))
        }
        let kept = await log.all
        #expect(kept.map(\.id) == [3, 4, 5, 6, 7])
        #expect(kept.map(\.requestBody.isReleased) == [true, true, true, false, false])
        #expect(kept.map(\.requestBody.count) == [40_000, 40_000, 40_000, 40_000, 40_000])
        #expect(kept.last?.requestBody.prefix.count == CapturedBody.limit)
        #expect(kept.last?.requestBody.isTruncated == true)
        #expect(kept.first?.requestBody.prefix.isEmpty == true)
        #expect(kept.last?.description.contains("40000 bytes") == true)
    }

    @Test("Secrets are redacted in every entry read, under any name a server decodes to a secret one")
    func redactedWhenRead() async throws {
        let sandbox = try await Sandbox()
        let secret = "hunter2-value"
        let request = SandboxRequest(
            "POST",
            "/services/rest?%61uth=\(secret)&access%5Ftoken=\(secret)&api%5Fkey=\(secret)&Token=\(secret)&view=Grid",
            headers: ["X-Goog-Api-Key": secret, "Authorization": "Bearer \(secret)", "Accept": "*/*"],
            body: Data(#"{"user":"kevin","password":"\#(secret)","nested":{"api_key":"\#(secret)"}}"#.utf8))
        _ = await sandbox.respond(to: request)
        let entry = try #require(await sandbox.requests.all.last)
        #expect(entry.rawQuery == "%61uth=REDACTED&access%5Ftoken=REDACTED&api%5Fkey=REDACTED&Token=REDACTED&view=Grid")
        #expect(entry.requestHeaders["X-Goog-Api-Key"] == "REDACTED")
        #expect(entry.requestHeaders["Authorization"] == "REDACTED")
        #expect(entry.requestHeaders["Accept"] == "*/*")
        let body = try #require(entry.requestBody.redactedText())
        #expect(!body.contains(secret))
        #expect(body.contains(#""user":"kevin""#))
        // The same entry by every other way out, a filter's predicate included.
        let seen = Mutex<[RecordedRequest]>([])
        let paged = await sandbox.requests.page(
            RequestLog.Filter(predicate: { entry in
                seen.withLock { $0.append(entry) }
                return true
            }))
        for other in [try #require(await sandbox.requests.entry(id: entry.id))] + paged
            + (await sandbox.requests.matching("/services/*")) + seen.withLock({ $0 })
        {
            #expect(other == entry)
        }
    }

    @Test("The log keeps entries as recorded and redacts them as they are read, whoever recorded them")
    func redactedWhoeverRecorded() async throws {
        let log = RequestLog()
        let secret = "hunter2-value"
        log.record(
            RecordedRequest(
                method: "GET", path: "/token=\(secret)/posts.json", rawQuery: "auth=\(secret)", status: 200,
                requestHeaders: ["Authorization": "Bearer \(secret)"], responseHeaders: ["Set-Cookie": secret]))
        let entry = try #require(await log.all.first)
        #expect(entry.path == "/token=REDACTED/posts.json")
        #expect(entry.rawQuery == "auth=REDACTED")
        #expect(entry.requestHeaders["Authorization"] == "REDACTED")
        #expect(entry.responseHeaders["Set-Cookie"] == "REDACTED")
        #expect(!String(describing: entry).contains(secret))
        #expect(await log.entry(id: entry.id) == entry)
        #expect(await log.page(RequestLog.Filter(path: "/token=REDACTED/*")) == [entry])
    }
}
