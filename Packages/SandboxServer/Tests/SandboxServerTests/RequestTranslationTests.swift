import Foundation
import Hummingbird
import NIOCore
import Sandbox
import Testing

@testable import SandboxServer

@Suite("Requests reach the Sandbox as sent: method, raw path and query, headers, body, locality")
struct RequestTranslationTests {
    @Test("Method, raw path and query, headers and body arrive exactly as sent")
    func requestArrivesAsSent() async throws {
        try await TestServers.with(handler: TestServers.echo) { server in
            let response = try await HTTP.send(
                "PATCH",
                HTTP.url(server.baseURL, "/v0/app/Design%20projects/?fields%5B%5D=Name&q=a+b%2Bc&flag"),
                headers: ["X-Lesson": "Airtable", "Authorization": "Bearer abc"],
                body: Data("coffee".utf8)
            )
            let echoed = try TestServers.echoed(response)
            #expect(echoed["method"] as? String == "PATCH")
            #expect(echoed["path"] as? String == "/v0/app/Design%20projects/")
            #expect(echoed["query"] as? String == "fields%5B%5D=Name&q=a+b%2Bc&flag")
            #expect(echoed["body"] as? String == "coffee")
            #expect(echoed["isLocal"] as? Bool == true)
            let headers = echoed["headers"] as? [String: String] ?? [:]
            #expect(headers["x-lesson"] == "Airtable")
            #expect(headers["authorization"] == "Bearer abc")
            #expect(headers["host"] == "127.0.0.1:\(server.port)")
        }
    }

    @Test("A query-less path keeps no query, and an empty query stays empty")
    func queryPresence() async throws {
        try await TestServers.with(handler: TestServers.echo) { server in
            let none = try TestServers.echoed(try await HTTP.send("GET", HTTP.url(server.baseURL, "/posts.json")))
            #expect(none["query"] is NSNull)
            let empty = try TestServers.echoed(try await HTTP.send("GET", HTTP.url(server.baseURL, "/posts.json?")))
            #expect(empty["query"] as? String == "")
        }
    }

    @Test("Admin routes answer over loopback: the server marks local callers")
    func adminRoutesOverLoopback() async throws {
        let server = try await SandboxServer.start()
        let latency = try await HTTP.send(
            "PUT", HTTP.url(server.baseURL, "/__sandbox/latency"), body: Data(#"{"milliseconds":0}"#.utf8))
        #expect(latency.status == 200)
        #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health")).status == 200)
        await server.stop()
    }

    @Test(
        "Only loopback callers are local, so the admin routes refuse others",
        arguments: [
            ("127.0.0.1", true), ("127.8.9.10", true), ("::1", true), ("::ffff:127.0.0.1", true),
            ("192.0.2.10", false), ("10.0.0.1", false), ("2001:db8::1", false), ("::ffff:192.0.2.1", false),
        ])
    func locality(address: String, isLocal: Bool) async throws {
        let remote = try SocketAddress(ipAddress: address, port: 50_000)
        let head = HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: "/bankey/profile/1")
        let request = SandboxResponder.sandboxRequest(
            from: head, target: RequestTarget(head.path ?? "/"), body: Data(), remoteAddress: remote)
        #expect(request.isLocal == isLocal)
        #expect(remote.isLoopback == isLocal)
        let access = AdminAccess(allowsRemote: false, boundHost: "127.0.0.1", adminHosts: [], interfaces: { [] })
        #expect((access.refusal(isLocal: remote.isLoopback, host: "localhost") == nil) == isLocal)
    }

    @Test(
        "Request targets split into the raw path and query",
        arguments: [
            ("/a/b?x=1", "/a/b", "x=1"), ("/a%20b", "/a%20b", nil), ("/?", "/", ""), ("", "/", nil),
            ("/x?y=1?z", "/x", "y=1?z"), ("http://host:80/p?q", "/p", "q"), ("http://host", "/", nil),
            ("/p#frag", "/p", nil), ("*", "*", nil),
        ] as [(String, String, String?)])
    func targets(target: String, path: String, query: String?) {
        #expect(RequestTarget(target) == RequestTarget(path: path, rawQuery: query))
    }
}

extension RequestTarget {
    init(path: String, rawQuery: String?) {
        self.init("/")
        self.path = path
        self.rawQuery = rawQuery
    }
}
