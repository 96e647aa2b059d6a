import Foundation
import Networking
import Testing

@Suite("Building requests")
struct RequestBuildingTests {
    let client = NetworkClient(baseURL: URL(string: "https://api.example.test")!)

    func url<Value>(_ request: NetworkRequest<Value>, base: String = "https://api.example.test") throws -> String {
        let client = NetworkClient(baseURL: URL(string: base)!)
        return try client.makeTransportRequest(request).url.absoluteString
    }

    @Test("HTTPMethod has the five lesson methods (and HEAD, OPTIONS) as raw values")
    func methods() {
        #expect(HTTPMethod.get.rawValue == "GET")
        #expect(HTTPMethod.post.rawValue == "POST")
        #expect(HTTPMethod.put.rawValue == "PUT")
        #expect(HTTPMethod.patch.rawValue == "PATCH")
        #expect(HTTPMethod.delete.rawValue == "DELETE")
        #expect(HTTPMethod(rawValue: "HEAD") == .head)
        #expect(HTTPMethod.allCases.filter { !$0.isIdempotent } == [.post])
        // Interpolated, it reads as the logs and the wire show it.
        #expect(HTTPMethod.allCases.map { "\($0)" } == ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
    }

    @Test("Lesson 2's urlFromURLParameters: search + [q: test]")
    func lessonTwoHelper() throws {
        #expect(
            try url(NetworkRequest<Data>.get("").query(["q": "test"]), base: "https://google.com/search")
                == "https://google.com/search?q=test")
    }

    @Test("A table name with a space is one encoded segment")
    func spacesInPath() throws {
        let request = NetworkRequest<Data>.get("v0/appIBfoNbzEaA72c2/Design projects")
        #expect(try url(request) == "https://api.example.test/v0/appIBfoNbzEaA72c2/Design%20projects")
    }

    @Test("A slash inside an appended component is encoded, not a separator")
    func slashInComponent() throws {
        let request = NetworkRequest<Data>.get("v0").appendingPathComponent("a/b c")
        #expect(try url(request) == "https://api.example.test/v0/a%2Fb%20c")
    }

    @Test(
        "Query values are encoded strictly",
        arguments: [
            ("orderBy", "\"timestamp\"", "orderBy=%22timestamp%22"),
            ("q", "a b", "q=a%20b"),
            ("q", "1+1=2", "q=1%2B1%3D2"),
            ("q", "rock&roll", "q=rock%26roll"),
            ("q", "a/b?c", "q=a%2Fb%3Fc"),
            ("q", "café 日本", "q=caf%C3%A9%20%E6%97%A5%E6%9C%AC"),
            ("sort[0][field]", "Due date", "sort%5B0%5D%5Bfield%5D=Due%20date"),
            ("q", "safe-._~", "q=safe-._~"),
        ]
    )
    func queryEncoding(name: String, value: String, expected: String) throws {
        #expect(try url(NetworkRequest<Data>.get("x").query(name, value)) == "https://api.example.test/x?\(expected)")
    }

    @Test("Dictionary queries are sorted by name; lists keep their order; nil values write the name")
    func queryOrder() throws {
        let fromDictionary = NetworkRequest<Data>.get("posts").query([
            "orderBy": "\"timestamp\"", "limitToLast": "15", "endAt": "12.5",
        ])
        #expect(
            try url(fromDictionary)
                == "https://api.example.test/posts?endAt=12.5&limitToLast=15&orderBy=%22timestamp%22")
        let fromList = NetworkRequest<Data>.get("x").query([
            QueryItem(name: "b", value: "1"), QueryItem(name: "a", value: nil),
        ])
        #expect(try url(fromList) == "https://api.example.test/x?b=1&a")
    }

    @Test("The .json extension stays last, after every appended segment")
    func jsonSuffix() throws {
        let thread = "695398C4-498C-40A8-AA76-CB2B20DFD9FA"
        let request = NetworkRequest<Data>.get("").pathExtension("json").appendingPathComponent(thread)
            .appendingPathComponent(
                "messages")
        #expect(try url(request) == "https://api.example.test/\(thread)/messages.json")
        #expect(try url(NetworkRequest<Data>.get("").pathExtension("json")) == "https://api.example.test/.json")
        #expect(
            try url(NetworkRequest<Data>.get("").pathExtension("json"), base: "https://db.example.test/")
                == "https://db.example.test/.json")
    }

    @Test("A base URL's path and query are kept")
    func basePathAndQuery() throws {
        let request = NetworkRequest<Data>.get("posts").pathExtension("json").query("print", "silent")
        #expect(
            try url(request, base: "http://127.0.0.1:9000/db?ns=devmtn-post")
                == "http://127.0.0.1:9000/db/posts.json?ns=devmtn-post&print=silent")
        #expect(
            try url(NetworkRequest<Data>.get("profile/1"), base: "https://host.test/bankey/")
                == "https://host.test/bankey/profile/1")
    }

    @Test(
        "Every part of a base URL is kept as written: user, IPv6 host, port, encoded path, query, fragment",
        arguments: [
            ("http://user:p%40ss@[::1]:8080/a%20b/#top", "http://user:p%40ss@[::1]:8080/a%20b/x.json?q=1#top"),
            ("https://host.test?k=v%26w#frag", "https://host.test/x.json?k=v%26w&q=1#frag"),
            ("https://host.test/", "https://host.test/x.json?q=1"),
        ]
    )
    func baseParts(base: String, expected: String) throws {
        #expect(try url(NetworkRequest<Data>.get("x").pathExtension("json").query("q", "1"), base: base) == expected)
    }

    @Test("A base without a host fails each request; an absolute URL is used whatever the base")
    func baseWithoutHost() throws {
        let client = NetworkClient(baseURL: URL(string: "mailto:someone")!)
        #expect(throws: NetworkError.self) { try client.makeTransportRequest(NetworkRequest<Data>.get("x")) }
        let absolute = try client.makeTransportRequest(
            NetworkRequest<Data>.get(URL(string: "https://cdn.test/a b.jpg")!))
        #expect(absolute.url.absoluteString == "https://cdn.test/a%20b.jpg")
    }

    @Test("Credentials go only to the base URL's origin, below headers and the request's own; never shown")
    func credentials() throws {
        var client = NetworkClient(
            baseURL: URL(string: "https://api.example.test/v1?key=k1")!, credentials: ["X-Team-Pass": "p4ss"])
        let own = try client.makeTransportRequest(NetworkRequest<Data>.get("a"))
        #expect(own.url.absoluteString == "https://api.example.test/v1/a?key=k1")
        #expect(own.headers["X-Team-Pass"] == "p4ss")
        // The request carries them marked secret: printed anywhere (an
        // interceptor's log, say), they show redacted, though no default
        // secret name matches.
        #expect(!String(describing: own).contains("p4ss") && !String(describing: own.headers).contains("p4ss"))
        #expect(own.headers == ["X-Team-Pass": "p4ss"])
        client.headers["X-Team-Pass"] = "mine"
        #expect(try client.makeTransportRequest(NetworkRequest<Data>.get("a")).headers["X-Team-Pass"] == "mine")
        let overridden = try client.makeTransportRequest(NetworkRequest<Data>.get("a").header("X-Team-Pass", "one"))
        #expect(overridden.headers["X-Team-Pass"] == "one")
        let elsewhere = try client.makeTransportRequest(NetworkRequest<Data>.get(URL(string: "https://cdn.test/a")!))
        #expect(elsewhere.headers["X-Team-Pass"] == nil)
        #expect(elsewhere.url.absoluteString == "https://cdn.test/a")
        // A name no redactor knows is a secret because it is a credential.
        let fresh = NetworkClient(
            baseURL: URL(string: "https://api.example.test")!, credentials: ["X-Team-Pass": "p4ss"])
        let shown = String(describing: fresh)
        #expect(shown.contains("X-Team-Pass") && !shown.contains("p4ss"))
        let curl = try fresh.cURLDescription(for: NetworkRequest<Data>.get("a"))
        #expect(curl.contains("X-Team-Pass") && !curl.contains("p4ss"))
    }

    @Test("Client query items and headers go only to the base URL's origin")
    func defaultsStayOnOrigin() throws {
        var client = NetworkClient(baseURL: URL(string: "https://api.example.test/services/rest")!)
        client.query = [QueryItem(name: "api_key", value: "secret")]
        client.headers["Authorization"] = "Bearer secret"
        let own = try client.makeTransportRequest(NetworkRequest<Data>.get("").query("method", "m"))
        #expect(own.url.absoluteString == "https://api.example.test/services/rest?api_key=secret&method=m")
        #expect(own.headers["authorization"] == "Bearer secret")
        let foreign = try client.makeTransportRequest(
            NetworkRequest<Data>.get(URL(string: "https://cdn.example.test/a.jpg")!))
        #expect(foreign.url.absoluteString == "https://cdn.example.test/a.jpg")
        #expect(foreign.headers["Authorization"] == nil)
        // The origin as RFC 6454 reads it: case-insensitive, the default
        // port as written; redirects use the same rule.
        let same = try client.makeTransportRequest(
            NetworkRequest<Data>.get(URL(string: "HTTPS://API.Example.test:443/other")!))
        #expect(same.headers["Authorization"] == "Bearer secret")
        #expect(client.sendsDefaults(to: URL(string: "https://api.example.test/x")!))
        #expect(!client.sendsDefaults(to: URL(string: "http://api.example.test/x")!))
        #expect(!client.sendsDefaults(to: URL(string: "https://api.example.test:8443/x")!))
    }

    @Test("Content-Type is set only when there is a body")
    func contentType() throws {
        struct Fields: Encodable, Sendable {
            let name: String
        }
        let get = try client.makeTransportRequest(NetworkRequest<Data>.get("x"))
        #expect(get.headers["Content-Type"] == nil)
        #expect(get.body == nil)
        let post = try client.makeTransportRequest(NetworkRequest<Data>.post("x", body: Fields(name: "Test")))
        #expect(post.headers["content-type"] == "application/json")
        #expect(post.body?.data.map { String(decoding: $0, as: UTF8.self) } == #"{"name":"Test"}"#)
        let raw = try client.makeTransportRequest(
            NetworkRequest<Data>.put("x", body: nil).body(Data([1, 2]), contentType: "application/octet-stream"))
        #expect(raw.headers["Content-Type"] == "application/octet-stream")
        #expect(raw.body?.data == Data([1, 2]))
        let custom = try client.makeTransportRequest(
            NetworkRequest<Data>.post("x", body: ["a": 1]).header("content-type", "application/merge-patch+json"))
        #expect(custom.headers.values(for: "Content-Type") == ["application/merge-patch+json"])
    }

    @Test("Timeout and idempotency are carried per request")
    func timeoutAndIdempotency() throws {
        var client = client
        client.timeout = .seconds(30)
        let request = NetworkRequest<Data>.post("x").timeout(.seconds(2)).idempotent()
        #expect(request.isIdempotent)
        #expect(!NetworkRequest<Data>.post("x").isIdempotent)
        #expect(NetworkRequest<Void>.put("x", body: 1).isIdempotent)
        #expect(try client.makeTransportRequest(request).timeout == .seconds(2))
        #expect(try client.makeTransportRequest(NetworkRequest<Data>.get("x")).timeout == .seconds(30))
    }

    @Test("A base URL without a host is an invalid URL")
    func invalidBaseURL() {
        let client = NetworkClient(baseURL: URL(string: "not a url?api_key=abc")!)
        #expect {
            try client.makeTransportRequest(NetworkRequest<Data>.get("x"))
        } throws: { error in
            guard case NetworkError.invalidURL(let text) = error else { return false }
            return !text.contains("abc") && error.localizedDescription.contains("Invalid URL")
        }
    }

    @Test("A body that cannot be encoded is an encoding failure")
    func encodingFailure() {
        #expect {
            try client.makeTransportRequest(NetworkRequest<Data>.post("x", body: ["score": Double.nan]))
        } throws: { error in
            guard case NetworkError.encodingFailed(let reason) = error else { return false }
            return !reason.isEmpty
        }
    }

    @Test("Headers compare names without case and keep one value when set")
    func headers() {
        var headers: HeaderFields = ["Accept": "text/plain"]
        headers.add(name: "accept", value: "application/json")
        #expect(headers.values(for: "ACCEPT") == ["text/plain", "application/json"])
        headers["Accept"] = "*/*"
        #expect(headers.values(for: "accept") == ["*/*"])
        headers["X-Trace"] = "1"
        headers["x-trace"] = nil
        #expect(!headers.contains("X-Trace"))
        #expect(headers.merging(["ACCEPT": "a", "B": "b"]).map(\.name) == ["ACCEPT", "B"])
    }
}
