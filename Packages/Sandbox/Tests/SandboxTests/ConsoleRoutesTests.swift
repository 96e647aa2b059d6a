import Foundation
import Networking
import Testing

@testable import Sandbox

/// What the browser console reads and drives: the request log's pages and
/// details, the fault and rate-limit controls, the services it calls, its
/// files, and the guard that keeps other web pages out.
@Suite("Console routes and the request log")
struct ConsoleRoutesTests {
    private static func json(_ response: SandboxResponse) throws -> JSONValue {
        try JSONValue.parse(response.data)
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
        #expect(await sandbox.requests.entry(id: 12)?.path == "/bankey/profile/0")

        let listed = try Self.json(
            await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/requests?service=bankey&status=4xx&limit=2")))
        let refusals = await sandbox.requests.all.filter { (400..<500).contains($0.status) }.suffix(2)
        #expect(listed.arrayValue?.compactMap { $0["id"]?.numberValue } == refusals.map { Double($0.id) })
        #expect(refusals.count == 2)
        let refused = await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/requests?status=teapot"))
        #expect(refused.status == 400)

        await sandbox.requests.clear()
        _ = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1"))
        #expect(await sandbox.requests.all.map(\.id) == [31])
        #expect(await sandbox.requests.entry(id: 12) == nil)
    }

    @Test("The log keeps bodies for its newest requests only, within its budget, and at most 32 KiB of each")
    func boundedBodies() async throws {
        let log = RequestLog(capacity: 5, bodyBudget: 2 * CapturedBody.limit)
        for index in 1...7 {
            await log.record(
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

    @Test("A request's detail has redacted headers, query and body, and a redacted cURL command")
    func detail() async throws {
        var configuration = SandboxConfiguration()
        configuration.firebase.authSecret = "top-secret-value"
        let sandbox = try await Sandbox(configuration: configuration)
        let write = SandboxRequest(
            "PUT", "/notes/a.json?ns=console-test&auth=top-secret-value",
            headers: ["Host": "127.0.0.1:9", "Authorization": "Bearer top-secret-value"],
            body: Data(#"{"text":"hello","link":"https://x.test/?api_key=top-secret-value"}"#.utf8))
        #expect(await sandbox.respond(to: write).status == 200)
        let id = try #require(await sandbox.requests.all.last?.id)
        let response = await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/requests/\(id)"))
        #expect(response.headers["Cache-Control"] == "no-store")
        let text = String(decoding: response.data, as: UTF8.self)
        #expect(!text.contains("top-secret-value"))
        let detail = try JSONValue.parse(response.data)
        #expect(detail["service"] == "firebase")
        #expect(detail["query"]?.stringValue == "ns=console-test&auth=REDACTED")
        #expect(detail["request"]?["body"]?["text"]?.stringValue?.contains("api_key=REDACTED") == true)
        #expect(detail["response"]?["body"]?["text"]?.stringValue?.contains("hello") == true)
        let curl = try #require(detail["curl"]?.stringValue)
        #expect(curl.contains("-X PUT"))
        #expect(curl.contains("'http://127.0.0.1:9/notes/a.json?ns=console-test&auth=REDACTED'"))
        #expect(curl.contains("-H 'Authorization: REDACTED'"))
        #expect(!curl.contains("Host:"))
        let gone = await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/requests/999999"))
        #expect(gone.status == 404)
    }

    @Test("Faults are listed; Airtable's rate limit switches at run time")
    func controls() async throws {
        let sandbox = try await Sandbox()
        let add = SandboxRequest(
            "POST", "/__sandbox/faults",
            body: Data(#"{"path":"/v0/*","count":3,"status":503,"headers":{"Retry-After":"1"}}"#.utf8))
        #expect(await sandbox.respond(to: add).status == 200)
        let faults = try Self.json(await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/faults")))
        #expect(faults["faults"]?.arrayValue?.first?["status"] == 503)
        #expect(faults["faults"]?.arrayValue?.first?["count"] == 3)
        #expect(faults["airtableRateLimit"] == true)

        let off = SandboxRequest("PUT", "/__sandbox/airtable/rate-limit", body: Data(#"{"enabled":false}"#.utf8))
        #expect(await sandbox.respond(to: off).status == 200)
        #expect(await sandbox.airtable.isRateLimitEnabled == false)
        let garbage = SandboxRequest("PUT", "/__sandbox/airtable/rate-limit", body: Data(#"{"enabled":"yes"}"#.utf8))
        #expect(await sandbox.respond(to: garbage).status == 400)
    }

    @Test("Airtable's limit off lets a burst through; on again, the sixth in a second is a 429")
    func rateLimitSwitch() async throws {
        let sandbox = try await Sandbox()
        let token = AirtableEmulator.Configuration.defaultToken
        let list = SandboxRequest(
            "GET", "/v0/\(AirtableEmulator.lessonBaseID)/Design%20projects?pageSize=1",
            headers: ["Authorization": "Bearer \(token)"])
        await sandbox.airtable.setRateLimitEnabled(false)
        var statuses: [Int] = []
        for _ in 0..<8 { statuses.append(await sandbox.respond(to: list).status) }
        #expect(statuses.allSatisfy { $0 == 200 })
        await sandbox.airtable.setRateLimitEnabled(true)
        statuses = []
        for _ in 0..<6 { statuses.append(await sandbox.respond(to: list).status) }
        #expect(statuses.contains(429))
    }

    @Test("The services route names the namespaces and the sandbox's own credentials")
    func services() async throws {
        let sandbox = try await Sandbox()
        let services = try Self.json(await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/services")))
        #expect(services["firebase"]?["namespaces"]?.arrayValue?.contains("devmtn-post") == true)
        #expect(services["airtable"]?["token"]?.stringValue == AirtableEmulator.Configuration.defaultToken)
        #expect(services["bankey"]?["customers"] == ["1", "2", "3"])
    }

    @Test("The console's files are served with a strict policy; unknown files and paths outside it are not")
    func files() async throws {
        let sandbox = try await Sandbox()
        #expect(SandboxConsole.isAvailable)
        let page = await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/console/"))
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
        #expect(page.headers["X-Frame-Options"] == "DENY")
        let script = await sandbox.respond(to: SandboxRequest("GET", "/__sandbox/console/console.js"))
        #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
        for path in ["/__sandbox/console/../Resources/bankey/profile-1.json", "/__sandbox/console/nope.js"] {
            #expect(await sandbox.respond(to: SandboxRequest("GET", path)).status == 404)
        }
        #expect(await sandbox.respond(to: SandboxRequest("POST", "/__sandbox/console/")).status == 405)
        let redirect = await sandbox.respond(to: SandboxRequest("GET", "/__sandbox"))
        #expect(redirect.status == 308 && redirect.headers["Location"] == SandboxConsole.path)
    }

    @Test(
        "Other web pages may not use the admin routes: cross-site, foreign Origin, rebound Host",
        arguments: [
            ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"],
            ["Origin": "http://evil.test", "Host": "127.0.0.1:8080"], ["Origin": "null", "Host": "127.0.0.1:8080"],
            ["Host": "evil.test:8080", "Sec-Fetch-Site": "same-origin"],
            ["Host": "localhost.evil.test", "Sec-Fetch-Site": "same-origin"],
        ] as [HTTPHeaders])
    func crossSite(headers: HTTPHeaders) async throws {
        let sandbox = try await Sandbox()
        let request = SandboxRequest(
            "POST", "/__sandbox/faults", headers: headers, body: Data(#"{"path":"/*","status":500}"#.utf8))
        #expect(await sandbox.respond(to: request).status == 403)
        #expect(await sandbox.faults.pending.isEmpty)
    }

    @Test(
        "The console's own requests and tools on this machine are let in",
        arguments: [
            ["Sec-Fetch-Site": "same-origin", "Origin": "http://127.0.0.1:8080", "Host": "127.0.0.1:8080"],
            ["Host": "localhost:8080", "Sec-Fetch-Site": "same-origin"], ["Host": "[::1]:8080"],
            ["Host": "192.168.1.20:8080", "Sec-Fetch-Site": "none"], ["Host": "sandbox"], [:],
        ] as [HTTPHeaders])
    func sameSite(headers: HTTPHeaders) async throws {
        let sandbox = try await Sandbox()
        let request = SandboxRequest("GET", "/__sandbox/health", headers: headers)
        #expect(await sandbox.respond(to: request).status == 200)
    }

    @Test("A link from another site may open the console page itself")
    func navigation() async throws {
        let sandbox = try await Sandbox()
        let request = SandboxRequest(
            "GET", "/__sandbox/console/", headers: ["Sec-Fetch-Site": "cross-site", "Host": "127.0.0.1:8080"])
        #expect(await sandbox.respond(to: request).status == 200)
    }
}
