import Foundation
import Networking
import Sandbox
import Testing

@testable import SandboxServer

/// The admin routes and the console over real HTTP: what the console reads
/// and drives, the guard that keeps other web pages and rebound names out,
/// redaction by meaning, and the bounds on faults.
@Suite("Admin routes and the console over HTTP", .timeLimit(.minutes(10)))
struct AdminRoutesTests {
    private static func json(_ response: HTTP.Response) throws -> JSON {
        try JSON.parse(response.body)
    }

    private static func admin(
        _ server: SandboxServer, _ method: String, _ route: String, headers: [(String, String)]? = nil,
        body: String? = nil
    ) async throws -> HTTP.Response {
        try await AdminHTTP.send(
            port: server.port, method, "/__sandbox/" + route,
            headers: headers ?? [("Host", "127.0.0.1:\(server.port)")], body: body.map { Data($0.utf8) })
    }

    @Test("The log's pages filter by service, status and limit; a bad filter is a 400")
    func paging() async throws {
        try await SandboxServer.withServer { server in
            for id in 0..<12 {
                _ = try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/\(id % 4)"))
            }
            let listed = try Self.json(
                try await Self.admin(server, "GET", "requests?service=bankey&status=4xx&limit=2"))
            let refusals = await server.sandbox.requests.all.filter { (400..<500).contains($0.status) }.suffix(2)
            #expect(refusals.count == 2)
            #expect(listed.arrayValue?.compactMap { $0["id"]?.numberValue } == refusals.map { Double($0.id) })
            #expect(listed.arrayValue?.first?["responseBytes"]?.numberValue != nil)
            #expect(try await Self.admin(server, "GET", "requests?status=teapot").status == 400)
            #expect(try await Self.admin(server, "GET", "requests?limit=0").status == 400)
            #expect(try await Self.admin(server, "DELETE", "requests").status == 200)
            #expect(await server.sandbox.requests.all.isEmpty)
        }
    }

    @Test("Secrets under encoded names, in headers and in JSON bodies never reach the list, the detail or the cURL")
    func redactionByMeaning() async throws {
        var options = SandboxServerOptions()
        options.configuration.firebase.authSecret = "top-secret-value"
        try await SandboxServer.withServer(options) { server in
            let secret = "top-secret-value"
            let body =
                #"{"text":"hello","password":"\#(secret)","token":"\#(secret)","api_key":"\#(secret)","link":"https://x.test/?api_key=\#(secret)"}"#
            let write = try await HTTP.send(
                "PUT",
                HTTP.url(
                    server.baseURL,
                    "/notes/a.json?ns=console-test&%61uth=\(secret)&access%5Ftoken=\(secret)&api%5Fkey=\(secret)"),
                headers: ["X-Goog-Api-Key": secret, "Authorization": "Bearer \(secret)"], body: Data(body.utf8))
            #expect(write.status == 200)
            let listed = try await Self.admin(server, "GET", "requests")
            #expect(!listed.text.contains(secret))
            let id = try #require(await server.sandbox.requests.all.last?.id)
            let response = try await Self.admin(server, "GET", "requests/\(id)")
            #expect(response.header("Cache-Control") == "no-store")
            #expect(!response.text.contains(secret))
            let detail = try Self.json(response)
            #expect(detail["service"] == "firebase")
            #expect(
                detail["query"]?.stringValue
                    == "ns=console-test&%61uth=REDACTED&access%5Ftoken=REDACTED&api%5Fkey=REDACTED")
            let headers = detail["request"]?["headers"]?.arrayValue ?? []
            #expect(headers.contains(["X-Goog-Api-Key", "REDACTED"]))
            let text = try #require(detail["request"]?["body"]?["text"]?.stringValue)
            #expect(text.contains(#""password":"REDACTED""#) && text.contains(#""text":"hello""#))
            #expect(detail["response"]?["body"]?["text"]?.stringValue?.contains("hello") == true)
            let curl = try #require(detail["curl"]?.stringValue)
            #expect(curl.contains("-X PUT") && curl.contains("-H 'Authorization: REDACTED'"))
            #expect(curl.contains("-H 'X-Goog-Api-Key: REDACTED'") && !curl.contains("Host:"))
            #expect(try await Self.admin(server, "GET", "requests/999999").status == 404)
        }
    }

    @Test("Faults are added, listed and cleared; latency and Airtable's rate limit switch at run time")
    func controls() async throws {
        try await SandboxServer.withServer { server in
            let added = try await Self.admin(
                server, "POST", "faults",
                body: #"{"path":"/v0/*","count":3,"status":503,"headers":{"Retry-After":"1"}}"#)
            #expect(added.status == 200)
            let faults = try Self.json(try await Self.admin(server, "GET", "faults"))
            #expect(faults["faults"]?.arrayValue?.first?["status"] == 503)
            #expect(faults["faults"]?.arrayValue?.first?["count"] == 3)
            #expect(faults["airtableRateLimit"] == true)
            #expect(
                try await Self.admin(server, "PUT", "airtable/rate-limit", body: #"{"enabled":false}"#).status == 200)
            #expect(await server.sandbox.airtable.isRateLimitEnabled == false)
            #expect(
                try await Self.admin(server, "PUT", "airtable/rate-limit", body: #"{"enabled":"yes"}"#).status == 400)
            #expect(try await Self.admin(server, "PUT", "latency", body: #"{"milliseconds":5}"#).status == 200)
            #expect(server.sandbox.faults.addedLatency == .milliseconds(5))
            #expect(try await Self.admin(server, "PUT", "latency", body: #"{"milliseconds":1e9}"#).status == 400)
            #expect(try await Self.admin(server, "POST", "faults", body: "{}").status == 400)
            #expect(try await Self.admin(server, "DELETE", "faults").status == 200)
            #expect(server.sandbox.faults.pending.isEmpty && server.sandbox.faults.addedLatency == .zero)
            #expect(try await Self.admin(server, "GET", "nothing-here").status == 404)
        }
    }

    @Test("Faults are bounded: 100 pending, 1 MiB bodies, 16 MiB of bodies in all; larger admin bodies refused")
    func boundedFaults() async throws {
        try await SandboxServer.withServer { server in
            let body = String(repeating: "x", count: Fault.maxBodySize)
            for _ in 0..<(FaultInjector.maxPendingBodyBytes / Fault.maxBodySize) {
                let added = try await Self.admin(
                    server, "POST", "faults", body: #"{"path":"/nothing/*","status":500,"body":"\#(body)"}"#)
                #expect(added.status == 200)
            }
            let full = try await Self.admin(server, "POST", "faults", body: #"{"path":"/*","status":500,"body":"x"}"#)
            #expect(full.status == 400 && full.text.contains("bodies would add up"))
            _ = try await Self.admin(server, "DELETE", "faults")
            for _ in 0..<FaultInjector.maxPendingFaults {
                #expect(
                    try await Self.admin(server, "POST", "faults", body: #"{"path":"/n/*","status":500}"#).status == 200
                )
            }
            let refused = try await Self.admin(server, "POST", "faults", body: #"{"path":"/*","status":500}"#)
            #expect(refused.status == 400 && refused.text.contains("100 faults are pending"))
            _ = try await Self.admin(server, "DELETE", "faults")
            let huge = try await Self.admin(
                server, "POST", "faults",
                body: #"{"path":"/*","status":500,"body":"\#(String(repeating: "x", count: 3 << 20))"}"#)
            #expect(huge.status == 413)
            let large = try await Self.admin(
                server, "POST", "faults",
                body: #"{"path":"/*","status":500,"body":"\#(String(repeating: "x", count: Fault.maxBodySize + 1))"}"#)
            #expect(large.status == 400)
            #expect(server.sandbox.faults.pending.isEmpty)
        }
    }

    @Test("Twenty pathological faults and a 60,000-byte path hold up no other request")
    func faultsDoNotStall() async throws {
        try await SandboxServer.withServer { server in
            let pattern = "*a" + String(repeating: "a", count: 998) + "b*"
            for _ in 0..<20 {
                #expect(
                    try await Self.admin(server, "POST", "faults", body: #"{"path":"\#(pattern)","status":500}"#).status
                        == 200)
            }
            let longPath = "/" + String(repeating: "a", count: 60_000)
            // The quadratic matcher held each request for 15 s, five minutes
            // for these 20; the matcher's own test (FaultTests' pathological
            // pattern) is where its speed shows, the time limit only a hang.
            async let long = HTTP.send("GET", HTTP.url(server.baseURL, longPath))
            var others: [Int] = []
            for _ in 0..<20 {
                others.append(try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/1")).status)
            }
            #expect(others.allSatisfy { $0 == 200 })
            #expect(try await long.status == 404)
            #expect(server.sandbox.faults.pending.count == 20)
        }
    }

    @Test("The services route names the namespaces and the sandbox's own credentials")
    func services() async throws {
        try await SandboxServer.withServer { server in
            let services = try Self.json(try await Self.admin(server, "GET", "services"))
            #expect(services["firebase"]?["namespaces"]?.arrayValue?.contains("devmtn-post") == true)
            #expect(services["airtable"]?["token"]?.stringValue == AirtableEmulator.Configuration.defaultToken)
            #expect(services["bankey"]?["customers"] == ["1", "2", "3"])
            // Each emulator's route table, as the console lists it.
            let endpoints = services["endpoints"]?.arrayValue ?? []
            #expect(endpoints.compactMap { $0["service"]?.stringValue } == Sandbox.endpoints.map(\.service))
            let bankey = endpoints.first { $0["service"] == "bankey" }?["endpoints"]?.arrayValue ?? []
            #expect(bankey.first?["path"] == "/bankey/profile/{id}")
            #expect(bankey.first?["methods"] == "GET")
            #expect(bankey.count == BankeyEmulator.endpoints.count)
        }
    }

    @Test("The console's files are served with a strict policy; unknown files and paths outside it are not")
    func files() async throws {
        try await SandboxServer.withServer { server in
            #expect(ConsoleFiles.isAvailable)
            let page = try await Self.admin(server, "GET", "console/")
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
            #expect(page.header("X-Frame-Options") == "DENY" && page.header("X-Content-Type-Options") == "nosniff")
            let script = try await Self.admin(server, "GET", "console/console.js")
            #expect(script.status == 200 && script.header("Content-Type")?.contains("javascript") == true)
            for path in ["console/../../Resources/console/index.html", "console/%2e%2e/x", "console/nope.js"] {
                let status = try await Self.admin(server, "GET", path).status
                #expect(status == 400 || status == 404, "\(path)")
            }
            #expect(try await Self.admin(server, "POST", "console/").status == 404)
            for route in ["", "console"] {
                let redirect = try await Self.admin(server, "GET", route)
                #expect(redirect.status == 308 && redirect.header("Location") == AdminRouter.consolePath)
            }
            let bare = try await AdminHTTP.send(port: server.port, "GET", "/__sandbox")
            #expect(bare.status == 308)
        }
    }

    @Test(
        "Another name for this machine is refused, whatever the other headers say: DNS rebinding",
        arguments: [
            [("Host", "rebind.test:PORT")], [("Host", "rebind.test:PORT"), ("Origin", "http://rebind.test:PORT")],
            [("Host", "rebind.test:PORT"), ("Sec-Fetch-Site", "same-origin")],
            [("Host", "localhost.evil.test")], [("Host", "127.0.0.1.nip.io")], [("Host", "0x7f.1")], [],
            [("Host", "127.0.0.1:PORT"), ("Sec-Fetch-Site", "cross-site")],
            [("Host", "127.0.0.1:PORT"), ("Sec-Fetch-Site", "same-site")],
            [("Host", "127.0.0.1:PORT"), ("Origin", "http://evil.test")],
            [("Host", "127.0.0.1:PORT"), ("Origin", "null")],
        ])
    func refused(headers: [(String, String)]) async throws {
        try await SandboxServer.withServer { server in
            let concrete = headers.map { ($0.0, $0.1.replacingOccurrences(of: "PORT", with: "\(server.port)")) }
            for (method, route) in [("POST", "faults"), ("GET", "services")] {
                let response = try await Self.admin(
                    server, method, route, headers: concrete, body: #"{"path":"/*","status":500}"#)
                #expect(response.status == 403, "\(method) \(route) \(concrete)")
                #expect(!response.text.contains(AirtableEmulator.Configuration.defaultToken))
            }
            #expect(server.sandbox.faults.pending.isEmpty)
        }
    }

    @Test(
        "Loopback names and addresses, the server's own address and names given with --admin-host are let in",
        arguments: [
            [("Host", "127.0.0.1:PORT"), ("Sec-Fetch-Site", "same-origin"), ("Origin", "http://127.0.0.1:PORT")],
            [("Host", "localhost:PORT")], [("Host", "LOCALHOST")], [("Host", "app.localhost:PORT")],
            [("Host", "[::1]:PORT")], [("Host", "127.1.2.3")], [("Host", "sandbox.test:PORT")],
            [("Host", "127.0.0.1:PORT"), ("Sec-Fetch-Site", "none")],
        ])
    func allowed(headers: [(String, String)]) async throws {
        var options = SandboxServerOptions()
        options.adminHosts = ["sandbox.test"]
        try await SandboxServer.withServer(options) { server in
            let concrete = headers.map { ($0.0, $0.1.replacingOccurrences(of: "PORT", with: "\(server.port)")) }
            let status = try await Self.admin(server, "GET", "health", headers: concrete).status
            #expect(status == 200, "\(concrete)")
        }
    }

    @Test("A link from another site may open the console page itself, but not a rebound name")
    func navigation() async throws {
        try await SandboxServer.withServer { server in
            let page = try await Self.admin(
                server, "GET", "console/",
                headers: [("Host", "127.0.0.1:\(server.port)"), ("Sec-Fetch-Site", "cross-site")])
            #expect(page.status == 200)
            let rebound = try await Self.admin(server, "GET", "console/", headers: [("Host", "rebind.test")])
            #expect(rebound.status == 403)
        }
    }

    @Test("The access rule alone: the bound address counts; bound to all, the phone's URL only with remote admin")
    func accessRule() {
        let interfaces = { ["192.168.1.20", "fd00::2"] }
        let all = AdminAccess(
            allowsRemote: true, boundHost: "0.0.0.0", adminHosts: ["Box.Local"], interfaces: interfaces)
        #expect(all.isAllowed(host: "192.168.1.20:8080") && all.isAllowed(host: "[fd00::2]:8080"))
        #expect(all.isAllowed(host: "box.local") && !all.isAllowed(host: "192.168.1.21"))
        let phone = AdminAccess(allowsRemote: false, boundHost: "0.0.0.0", adminHosts: [], interfaces: interfaces)
        #expect(!phone.isAllowed(host: "192.168.1.20:8080") && phone.isAllowed(host: "127.0.0.1:8080"))
        let one = AdminAccess(allowsRemote: false, boundHost: "192.168.1.20", adminHosts: [], interfaces: { [] })
        #expect(one.isAllowed(host: "192.168.1.20") && one.isAllowed(host: "[::1]") && !one.isAllowed(host: "10.0.0.1"))
        #expect(one.refusal(isLocal: false, host: "192.168.1.20") != nil)
        #expect(all.refusal(isLocal: false, host: "192.168.1.20") == nil)
    }
}
