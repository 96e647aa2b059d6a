import Foundation
import Networking
import Testing

@testable import Sandbox
@testable import SandboxCore

@Suite("Sandbox core: routing, faults, transport")
struct SandboxCoreTests {
    @Test("Requests decode path segments and form-style queries")
    func requestParsing() {
        let request = SandboxRequest("GET", "/v0/app/Design%20projects/?fields%5B%5D=Name&q=a+b%2Bc&flag")
        #expect(request.pathSegments == ["v0", "app", "Design projects"])
        #expect(request.queryValues("fields[]") == ["Name"])
        #expect(request.query("q") == "a b+c")
        #expect(request.query("flag") == "")
        #expect(request.query("missing") == nil)
        // The decoded items follow a rewritten query (SooGreyhounds merges a
        // POST's form into it), and malformed escapes stay as written.
        var rewritten = request
        rewritten.rawQuery = "orderBy=%22timestamp%22&bad=%zz+1&accent=%C3%A9"
        #expect(rewritten.query("orderBy") == "\"timestamp\"")
        #expect(rewritten.query("bad") == "%zz 1")
        #expect(rewritten.query("accent") == "é")
        #expect(rewritten.query("q") == nil)
        // Empty segments and items are skipped wherever they fall, a
        // combining mark after a slash stays with its segment, and a path
        // with no slash at all is one segment.
        let sparse = SandboxRequest("GET", "//a///e\u{301}/\u{301}x/?&&a=1&&=2&b=&")
        #expect(sparse.pathSegments == ["a", "e\u{301}", "\u{301}x"])
        #expect(sparse.queryItems.map(\.name) == ["a", "", "b"])
        #expect(sparse.queryItems.map(\.value) == ["1", "2", ""])
        #expect(SandboxRequest("GET", "plain").pathSegments == ["plain"])
        #expect(SandboxRequest("GET", "/").pathSegments.isEmpty && SandboxRequest("GET", "/?").queryItems.isEmpty)
    }

    @Test("Names match by their bytes: different lengths never match, canonically equivalent or not")
    func sameKey() {
        #expect("uid".isSameKey(as: "uid") && "".isSameKey(as: ""))
        #expect(!"uid".isSameKey(as: "uix") && !"uid".isSameKey(as: "uids") && !"a".isSameKey(as: ""))
        let long = String(repeating: "post-", count: 10)
        #expect(long.isSameKey(as: String(repeating: "post-", count: 10)) && !long.isSameKey(as: long + "x"))
        // Swift's == calls these equal; the services compare code units.
        #expect("caf\u{e9}" == "cafe\u{301}" && !"caf\u{e9}".isSameKey(as: "cafe\u{301}"))
        let request = SandboxRequest("GET", "/?caf%C3%A9=1")
        #expect(request.query("caf\u{e9}") == "1" && request.query("cafe\u{301}") == nil)
    }

    @Test("Control characters are found raw and percent-encoded, in either case, and only as two hex digits")
    func controlCharacters() {
        for path in ["/a%00", "/a%0a", "/a%0A", "/%7f", "/%7F", "/%1f.json", "/a\u{7F}", "/a\tb", "/%%00"] {
            #expect(SandboxRequest.hasControlCharacters(inPath: path), "\(path)")
        }
        for path in ["/a%20b", "/%+1", "/%-0", "/%0", "/%", "/%2", "/%zz", "/caf\u{e9}", "/%7E", "/%80", ""] {
            #expect(!SandboxRequest.hasControlCharacters(inPath: path), "\(path)")
        }
        #expect(SandboxRequest.hasControlCharacters(inPath: "/x/a%00b".dropFirst(2)))
    }

    @Test("A fault answers the next N matching requests, then the service does")
    func faults() async throws {
        let sandbox = try await Sandbox()
        try sandbox.faults.inject(Fault(path: "/bankey/*", count: 2, status: 503, headers: ["Retry-After": "1"]))
        let first = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1"))
        let second = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1"))
        let third = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1"))
        #expect(first.status == 503 && first.headers["Retry-After"] == "1")
        #expect(second.status == 503)
        #expect(third.status != 503)
        #expect(await sandbox.requests.matching("/bankey/*").map(\.status).prefix(2) == [503, 503])
    }

    @Test("Unknown paths are a 404")
    func unknownPath() async throws {
        let sandbox = try await Sandbox()
        #expect(await sandbox.respond(to: SandboxRequest("GET", "/nothing/here")).status == 404)
    }

    @Test("The admin routes are the server's: in process, /__sandbox/ is a path like any other, a 404")
    func noAdminInProcess() async throws {
        let sandbox = try await Sandbox()
        for path in ["/__sandbox/health", "/__sandbox/console/", "/__sandbox/faults"] {
            #expect(await sandbox.respond(to: SandboxRequest("GET", path)).status == 404)
        }
        #expect(
            await sandbox.respond(to: SandboxRequest("POST", "/__sandbox/faults", body: Data("{}".utf8))).status == 404)
        #expect(sandbox.faults.pending.isEmpty)
    }

    @Test("Through the transport, a dropped connection is connectionLost and a slow answer times out")
    func transport() async throws {
        let sandbox = try await Sandbox()
        var client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox), retryPolicy: .never)
        try sandbox.faults.inject(Fault(path: "/bankey/*", action: .dropConnection))
        await #expect {
            try await client.send(NetworkRequest<Data>.get("bankey/profile/1"))
        } throws: { error in
            if case NetworkError.connectionLost = error { return true }
            return false
        }
        sandbox.faults.setLatency(.seconds(5))
        client.timeout = .milliseconds(100)
        await #expect {
            try await client.send(NetworkRequest<Data>.get("bankey/profile/1"))
        } throws: { error in
            if case NetworkError.timedOut = error { return true }
            return false
        }
    }

    @Test("Stored rows survive in storage: put, delete and prefix delete")
    func storage() async throws {
        let storage: any SandboxStorage = InMemoryStorage()
        try await storage.commit(
            [.put(key: "a/1", value: Data("1".utf8)), .put(key: "a/2", value: Data()), .put(key: "b", value: Data())],
            in: "ns")
        try await storage.commit([.deleteAll(prefix: "a/"), .delete(key: "missing")], in: "ns")
        #expect(try await storage.load(namespace: "ns").keys.sorted() == ["b"])
        #expect(try await storage.namespaces(withPrefix: "n") == ["ns"])
    }
}
