import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Firebase REST API over real HTTP, request by request, with exact
/// statuses and bodies: what curl or any other tool's client would see.
@Suite("Firebase over HTTP: REST conformance")
struct FirebaseHTTPConformanceTests {
    private typealias Step = (method: String, target: String, body: String?, status: Int, expected: String)

    /// Sends each step in order and checks its status and exact body.
    private func run(_ steps: [Step], on server: SandboxServer, headers: [String: String] = [:]) async throws {
        for step in steps {
            let response = try await FirebaseHTTP.send(
                server.baseURL, step.method, step.target, step.body, headers: headers)
            #expect(response.status == step.status, "\(step.method) \(step.target): \(response.text)")
            #expect(response.text == step.expected, "\(step.method) \(step.target)")
        }
    }

    @Test("Methods, paths, namespaces, null and empty values, overrides, print and shallow")
    func methodsAndPaths() async throws {
        try await FirebaseHTTP.withServer { server in
            try await run(
                [
                    ("GET", "/.json", nil, 200, "null"),
                    ("GET", "/missing/path.json", nil, 200, "null"),
                    (
                        "PUT", "/users/ada.json", #"{"first":"Ada","last":"Byron"}"#, 200,
                        #"{"first":"Ada","last":"Byron"}"#
                    ),
                    ("GET", "/users/ada.json", nil, 200, #"{"first":"Ada","last":"Byron"}"#),
                    ("GET", "/users/ada/.json", nil, 200, #"{"first":"Ada","last":"Byron"}"#),
                    ("GET", "/users.json", nil, 200, #"{"ada":{"first":"Ada","last":"Byron"}}"#),
                    (
                        "PATCH", "/users/ada.json", #"{"last":"Lovelace","born/year":1815}"#, 200,
                        #"{"born/year":1815,"last":"Lovelace"}"#
                    ),
                    (
                        "GET", "/users/ada.json", nil, 200,
                        #"{"born":{"year":1815},"first":"Ada","last":"Lovelace"}"#
                    ),
                    ("DELETE", "/users/ada/born.json", nil, 200, "null"),
                    ("PUT", "/users/ada/first.json", "null", 200, "null"),
                    ("GET", "/users.json", nil, 200, #"{"ada":{"last":"Lovelace"}}"#),
                    ("PUT", "/empty.json", #"{"a":{},"b":{"c":{}}}"#, 200, "null"),
                    ("GET", "/empty.json", nil, 200, "null"),
                    ("PUT", "/list.json", "[1,2,3]", 200, "[1,2,3]"),
                    ("GET", "/list.json?shallow=true", nil, 200, "[true,true,true]"),
                    ("GET", "/.json?shallow=true", nil, 200, #"{"list":true,"users":true}"#),
                    ("GET", "/list.json?print=pretty", nil, 200, "[\n  1,\n  2,\n  3\n]"),
                    ("PUT", "/list/1.json?print=silent", "20", 204, ""),
                    ("POST", "/list.json?x-http-method-override=PUT", "[4]", 200, "[4]"),
                    ("DELETE", "/list.json?print=silent", nil, 204, ""),
                    ("PUT", "/x.json?ns=devmtn-post", #""post""#, 200, #""post""#),
                    ("GET", "/x.json?ns=devmtn-post", nil, 200, #""post""#),
                    ("GET", "/x.json", nil, 200, "null"),
                    ("GET", "/Design%20projects/caf%C3%A9.json", nil, 200, "null"),
                ], on: server)
            let overridden = try await FirebaseHTTP.send(
                server.baseURL, "POST", "/o.json", "1", headers: ["X-HTTP-Method-Override": "PUT"])
            #expect(overridden.status == 200 && overridden.text == "1")
            let json = try await FirebaseHTTP.send(server.baseURL, "GET", "/o.json")
            #expect(json.header("Content-Type") == "application/json; charset=utf-8")
            #expect(json.header("Access-Control-Allow-Origin") == "*")
        }
    }

    @Test("POST answers a push id; ids increase and the children read back")
    func pushIDs() async throws {
        try await FirebaseHTTP.withServer { server in
            var names: [String] = []
            for index in 0..<20 {
                let response = try await FirebaseHTTP.send(
                    server.baseURL, "POST", "/messages.json", #"{"n":\#(index)}"#)
                #expect(response.status == 200)
                let name = try #require(try JSON.parse(response.body)["name"]?.stringValue)
                #expect(response.text == #"{"name":"\#(name)"}"#)
                #expect(name.count == 20)
                names.append(name)
            }
            #expect(names == names.sorted())
            let last = try await FirebaseHTTP.send(server.baseURL, "GET", "/messages/\(names[19]).json")
            #expect(last.text == #"{"n":19}"#)
        }
    }

    @Test("Queries: every parameter, tie-breaks, ordering rules, the array rule, empty results")
    func queries() async throws {
        try await FirebaseHTTP.withServer { server in
            let scores =
                #"{"a":{"s":3},"b":{"s":1},"c":{"s":2},"d":{"s":"x"},"e":{"s":true},"f":{"s":false},"g":{"o":1},"i":{"s":2}}"#
            try await run(
                [
                    ("PUT", "/s.json?print=silent", scores, 204, ""),
                    (
                        "GET", "/s.json?orderBy=%22s%22&limitToFirst=3", nil, 200,
                        #"{"e":{"s":true},"f":{"s":false},"g":{"o":1}}"#
                    ),
                    ("GET", "/s.json?orderBy=%22s%22&limitToLast=2", nil, 200, #"{"a":{"s":3},"d":{"s":"x"}}"#),
                    (
                        "GET", "/s.json?orderBy=%22s%22&startAt=2&endAt=3", nil, 200,
                        #"{"a":{"s":3},"c":{"s":2},"i":{"s":2}}"#
                    ),
                    ("GET", "/s.json?orderBy=%22s%22&startAfter=2&endBefore=%22x%22", nil, 200, #"{"a":{"s":3}}"#),
                    ("GET", "/s.json?orderBy=%22s%22&equalTo=2", nil, 200, #"{"c":{"s":2},"i":{"s":2}}"#),
                    ("GET", "/s.json?orderBy=%22s%22&equalTo=2,%22i%22", nil, 200, #"{"i":{"s":2}}"#),
                    ("GET", "/s.json?orderBy=%22s%22&startAt=2,%22d%22&limitToFirst=1", nil, 200, #"{"i":{"s":2}}"#),
                    ("GET", "/s.json?orderBy=%22s%22&endAt=2,%22c%22&limitToLast=1", nil, 200, #"{"c":{"s":2}}"#),
                    ("GET", "/s.json?orderBy=%22s%22&equalTo=99", nil, 200, "{}"),
                    ("GET", "/s.json?orderBy=%22$key%22&startAt=%22h%22", nil, 200, #"{"i":{"s":2}}"#),
                    ("GET", "/s.json?orderBy=%22$key%22&limitToFirst=1", nil, 200, #"{"a":{"s":3}}"#),
                    ("PUT", "/k.json?print=silent", #"{"10":"ten","9":"nine","a":"letter"}"#, 204, ""),
                    ("GET", "/k.json?orderBy=%22$key%22&limitToFirst=2", nil, 200, #"{"9":"nine","10":"ten"}"#),
                    ("GET", "/k.json?orderBy=%22$value%22&limitToFirst=1", nil, 200, #"{"a":"letter"}"#),
                    ("PUT", "/l.json?print=silent", "[10,20,30,40]", 204, ""),
                    ("GET", "/l.json?orderBy=%22$key%22&limitToLast=2", nil, 200, "[null,null,30,40]"),
                    ("GET", "/l.json?orderBy=%22$value%22&startAt=40", nil, 200, #"{"3":40}"#),
                ], on: server)
        }
    }

    @Test("Server values and conditional requests with ETags")
    func serverValuesAndETags() async throws {
        try await FirebaseHTTP.withServer { server in
            let before = Date().timeIntervalSince1970 * 1000
            let stamped = try await FirebaseHTTP.send(
                server.baseURL, "PUT", "/t.json", #"{"at":{".sv":"timestamp"},"n":{".sv":{"increment":1}}}"#)
            let value = try JSON.parse(stamped.body)
            let at = try #require(value["at"]?.numberValue)
            #expect(at >= before.rounded(.down) && at <= Date().timeIntervalSince1970 * 1000)
            #expect(value["n"] == 1)
            let incremented = try await FirebaseHTTP.send(
                server.baseURL, "PUT", "/t/n.json", #"{".sv":{"increment":41}}"#)
            #expect(incremented.text == "42")

            let read = try await FirebaseHTTP.send(
                server.baseURL, "GET", "/t/n.json", headers: ["X-Firebase-ETag": "true"])
            let etag = try #require(read.header("ETag"))
            let stale = try await FirebaseHTTP.send(server.baseURL, "PUT", "/t/n.json", "0", headers: ["if-match": "x"])
            #expect(stale.status == 412 && stale.text == "42" && stale.header("ETag") == etag)
            let fresh = try await FirebaseHTTP.send(
                server.baseURL, "PUT", "/t/n.json", "43", headers: ["if-match": etag])
            #expect(fresh.status == 200 && fresh.text == "43" && fresh.header("ETag") != etag)
            let missing = try await FirebaseHTTP.send(
                server.baseURL, "GET", "/nothing.json", headers: ["X-Firebase-ETag": "true"])
            #expect(missing.header("ETag") == "null_etag")
            let create = try await FirebaseHTTP.send(
                server.baseURL, "PUT", "/nothing.json", "1", headers: ["if-match": "null_etag"])
            #expect(create.status == 200)
            let deleteStale = try await FirebaseHTTP.send(
                server.baseURL, "DELETE", "/nothing.json", headers: ["if-match": "null_etag"])
            #expect(deleteStale.status == 412 && deleteStale.text == "1")
        }
    }

    @Test("Every error: exact status and body")
    func errors() async throws {
        let options = FirebaseHTTP.options { $0.maxBodySize = 64 * 1024 }
        try await FirebaseHTTP.withServer(options) { server in
            let long = String(repeating: "k", count: 769)
            let deep = "/" + (1...33).map { "d\($0)" }.joined(separator: "/")
            let nested = String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 40)
            let big = #"{"text":""# + String(repeating: "x", count: 70_000) + #""}"#
            let errors: [(String, String, String?, Int, String)] = [
                ("PUT", "/a.json", "{nope", 400, "Invalid data; couldn't parse JSON object, array, or value."),
                ("POST", "/a.json", #"{"a":1,}"#, 400, "Invalid data; couldn't parse JSON object, array, or value."),
                ("PATCH", "/a.json", "[1]", 400, "Invalid data; couldn't parse JSON object, array, or value."),
                (
                    "PUT", "/a.json", #"{"ok":1,"bad.key":2}"#, 400,
                    "Invalid data; couldn't parse key beginning at 1:9. Key value can't be empty or contain $ # [ ] / or ."
                ),
                (
                    "PUT", "/a.json", #"{"":1}"#, 400,
                    "Invalid data; couldn't parse key beginning at 1:2. Key value can't be empty or contain $ # [ ] / or ."
                ),
                ("PUT", "/a%24b.json", "1", 400, "Invalid path: Invalid token in path"),
                ("GET", "/a%5B0%5D.json", nil, 400, "Invalid path: Invalid token in path"),
                ("PUT", deep + ".json", "1", 400, "Path specified exceeds the maximum depth that can be written (32)."),
                ("PUT", "/n.json", nested, 400, "Path specified exceeds the maximum depth that can be written (32)."),
                ("PUT", "/l.json", #"{"\#(long)":1}"#, 400, "Data has a key path longer than 768 bytes (769)."),
                (
                    "PUT", "/big.json", big, 400,
                    "Data to write exceeds the maximum size that can be modified with a single request."
                ),
                (
                    "GET", "/a.json?limitToFirst=1", nil, 400,
                    "orderBy must be defined when other query parameters are defined"
                ),
                ("GET", "/a.json?orderBy=timestamp", nil, 400, "orderBy must be a valid JSON encoded path"),
                (
                    "GET", "/a.json?orderBy=%22t%22&startAt=%7B%7D", nil, 400,
                    "Constraint index field must be a JSON primitive"
                ),
                ("GET", "/a.json?orderBy=%22t%22&limitToFirst=x", nil, 400, "limitToFirst must be an integer"),
                ("GET", "/a.json?orderBy=%22t%22&limitToLast=0", nil, 400, "limitToLast must be positive"),
                (
                    "GET", "/a.json?orderBy=%22t%22&limitToFirst=1&limitToLast=1", nil, 400,
                    "Only one of limitToFirst and limitToLast may be specified"
                ),
                (
                    "GET", "/a.json?orderBy=%22t%22&equalTo=1&endAt=2", nil, 400,
                    "equalTo cannot be specified in addition to startAfter, startAt, endAt, or endBefore"
                ),
                (
                    "GET", "/a.json?orderBy=%22$key%22&equalTo=1", nil, 400,
                    "Provided key index type is invalid, must be string"
                ),
                (
                    "GET", "/a.json?shallow=true&orderBy=%22$key%22", nil, 400,
                    "Mixing 'shallow' and querying parameters is not supported"
                ),
                (
                    "PATCH", "/.json", #"{"a":1,"a/b":2}"#, 400,
                    "Invalid data; contains a path /a that is ancestor of another path /a/b"
                ),
                ("GET", "/a.json?ns=no%2Fslash", nil, 400, "Invalid namespace: use letters, digits, '-' and '_' only"),
            ]
            for (method, target, body, status, message) in errors {
                let response = try await FirebaseHTTP.send(server.baseURL, method, target, body)
                #expect(response.status == status, "\(method) \(target)")
                #expect(response.text == FirebaseHTTP.errorBody(message), "\(method) \(target)")
            }
            let conditional = try await FirebaseHTTP.send(
                server.baseURL, "PUT", "/a.json?print=silent", "1", headers: ["if-match": "null_etag"])
            #expect(conditional.status == 400)
            #expect(
                conditional.text
                    == FirebaseHTTP.errorBody(
                        "Mixing 'shallow', querying parameters or 'print=silent' and if-match or if-none-match requests is not supported"
                    ))
            let shallowETag = try await FirebaseHTTP.send(
                server.baseURL, "GET", "/a.json?shallow=true", headers: ["X-Firebase-ETag": "true"])
            #expect(shallowETag.text == FirebaseHTTP.errorBody("Mixing 'shallow' and etag requests is not supported"))
            // Nothing of the above was written.
            #expect(try await FirebaseHTTP.send(server.baseURL, "GET", "/.json").text == "null")
        }
    }

    @Test("With an auth secret: locked, 401 Permission denied without it, served with it")
    func authSecret() async throws {
        let options = FirebaseHTTP.options { $0.authSecret = "s3cret" }
        try await FirebaseHTTP.withServer(options) { server in
            for method in ["GET", "PUT", "POST", "PATCH", "DELETE"] {
                let denied = try await FirebaseHTTP.send(
                    server.baseURL, method, "/a.json", method == "GET" ? nil : "{}")
                #expect(denied.status == 401, "\(method)")
                #expect(denied.text == FirebaseHTTP.errorBody("Permission denied"), "\(method)")
            }
            let wrong = try await FirebaseHTTP.send(server.baseURL, "GET", "/a.json?auth=guess")
            #expect(wrong.status == 401)
            #expect(wrong.text == FirebaseHTTP.errorBody("Could not parse auth token."))
            let allowed = try await FirebaseHTTP.send(server.baseURL, "PUT", "/a.json?auth=s3cret", "1")
            #expect(allowed.status == 200 && allowed.text == "1")
        }
    }

    @Test("The lessons' seed data is served under their namespaces")
    func seedData() async throws {
        try await FirebaseHTTP.withServer(FirebaseHTTP.options(seeded: true)) { server in
            let thread = try await FirebaseHTTP.send(server.baseURL, "GET", "/.json?ns=lambda-message-board")
            #expect(thread.status == 200)
            #expect(try JSON.parse(thread.body)["695398C4-498C-40A8-AA76-CB2B20DFD9FA"]?["title"] == "REST APIs")
            let now = Int(Date().timeIntervalSince1970)
            let page = try await FirebaseHTTP.send(
                server.baseURL, "GET", "/posts.json?ns=devmtn-post&orderBy=%22timestamp%22&endAt=\(now)&limitToLast=15")
            #expect(try JSON.parse(page.body).objectValue?.count == 15)
        }
    }

    @Test("Over HTTP, a page's preflight to Auth is granted, and one to the admin routes is refused")
    func crossOriginOverHTTP() async throws {
        try await FirebaseHTTP.withServer { server in
            let page = "http://localhost:5173"
            let preflight: [String: String] = [
                "Origin": page, "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type,x-client-version",
            ]
            let auth = try await FirebaseHTTP.send(
                server.baseURL, "OPTIONS", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                headers: preflight)
            #expect(auth.status == 204 && auth.header("Access-Control-Allow-Origin") == page)
            #expect(auth.header("Access-Control-Allow-Headers") == "content-type,x-client-version")
            let admin = try await FirebaseHTTP.send(server.baseURL, "OPTIONS", "/__sandbox/faults", headers: preflight)
            #expect(admin.status == 403 && admin.header("Access-Control-Allow-Origin") == nil)
        }
    }
}
