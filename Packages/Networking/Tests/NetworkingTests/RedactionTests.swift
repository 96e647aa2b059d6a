import Foundation
import HTTPTestServer
import Networking
import Testing

@Suite("Secrets stay out of logs and descriptions")
struct RedactionTests {
    let redactor = Redactor()

    @Test("Sensitive query values are replaced, others kept, exactly")
    func urls() {
        let url = URL(
            string: "https://api.airtable.com/v0/app/Design%20projects?typecast=true&api_key=keyABC123&view=Grid")!
        #expect(
            redactor.redact(url)
                == "https://api.airtable.com/v0/app/Design%20projects?typecast=true&api_key=REDACTED&view=Grid")
        let firebase = URL(string: "https://db.firebaseio.com/posts.json?auth=s3cr3t&orderBy=%22timestamp%22")!
        #expect(
            redactor.redact(firebase) == "https://db.firebaseio.com/posts.json?auth=REDACTED&orderBy=%22timestamp%22")
        let many = URL(string: "https://x.test/?KEY=1&token=2&access_token=3&monkey=4&turkey=5")!
        #expect(
            redactor.redact(many)
                == "https://x.test/?KEY=REDACTED&token=REDACTED&access_token=REDACTED&monkey=4&turkey=5")
        let password = URL(string: "https://user:hunter2@x.test/a")!
        #expect(redactor.redact(password) == "https://user:REDACTED@x.test/a")
    }

    @Test("Sensitive headers are replaced")
    func headers() {
        let headers: HeaderFields = [
            "Authorization": "Bearer patABC.123", "Cookie": "s=1", "Proxy-Authorization": "Basic eA==", "Accept": "*/*",
        ]
        #expect(
            Array(redactor.redact(headers)) == [
                .init(name: "Authorization", value: "REDACTED"), .init(name: "Cookie", value: "REDACTED"),
                .init(name: "Proxy-Authorization", value: "REDACTED"), .init(name: "Accept", value: "*/*"),
            ])
        #expect(redactor.redact(text: "header: Bearer patABC.123 rest") == "header: Bearer REDACTED rest")
        // A field marked secret is hidden whatever its name.
        var marked = HeaderFields()
        marked.add(name: "X-Team-Pass", value: "p4ss")
        #expect(Array(redactor.redact(marked)) == [.init(name: "X-Team-Pass", value: "p4ss")])
        var secret = HeaderFields()
        secret.add(name: "X-Team-Pass", value: "p4ss", isSecret: true)
        #expect(Array(redactor.redact(secret)) == [.init(name: "X-Team-Pass", value: "REDACTED")])
        #expect(secret == marked)
    }

    @Test("Names are compared by meaning: percent-encoding, case, - and _ do not hide a secret")
    func namesByMeaning() {
        let text = "/x?%61uth=A1&access%5Ftoken=B2&api%5Fkey=C3&API-KEY=D4&apiKey=E5&a+uth=F6&authx=keep&monkey=keep"
        #expect(
            redactor.redact(text: text)
                == "/x?%61uth=REDACTED&access%5Ftoken=REDACTED&api%5Fkey=REDACTED&API-KEY=REDACTED&apiKey=REDACTED"
                + "&a+uth=REDACTED&authx=keep&monkey=keep")
        #expect(redactor.isSecret(name: "X-Goog-Api-Key") && redactor.isSecret(name: "x_goog_api_key"))
        #expect(redactor.isSecret(name: "refresh_token") && redactor.isSecret(name: "Password"))
        #expect(!redactor.isSecret(name: "username") && !redactor.isSecret(name: "view"))
        let headers: HeaderFields = ["X-Goog-Api-Key": "AIza123", "X-Firebase-AppCheck": "jwt", "Accept": "*/*"]
        #expect(redactor.redact(headers).map(\.value) == ["REDACTED", "REDACTED", "*/*"])
        #expect(redactor.redact([QueryItem(name: "Access_Token", value: "x")]).first?.value == "REDACTED")
    }

    @Test("JSON members with a secret name are redacted at any depth, escaped names included; the rest is kept")
    func jsonMembers() {
        let body =
            #"{"user":"kevin","password":"hunter2","p\u0061ssword" : "x\"y","nested":{"api_key":12.5,"token":null},"list":[{"secret":true}],"note":"see ?auth=zzz"}"#
        #expect(
            redactor.redact(text: body)
                == #"{"user":"kevin","password":"REDACTED","p\u0061ssword" : "REDACTED","nested":{"api_key":"REDACTED","token":null},"list":[{"secret":"REDACTED"}],"note":"see ?auth=REDACTED"}"#
        )
        // A body cut short at the log's limit is redacted as far as it goes.
        #expect(redactor.redact(text: #"{"a":1,"refresh_token":"abc"#) == #"{"a":1,"refresh_token":"REDACTED""#)
        #expect(redactor.redact(text: #"{"token":"#) == #"{"token":"#)
        #expect(redactor.redact(text: "password=hunter2&user=kevin") == "password=REDACTED&user=kevin")
        #expect(redactor.redact(text: "Authorization: Basic dXNlcjpwYXNz") == "Authorization: Basic REDACTED")
    }

    @Test("Hostile text is redacted in one pass: no backtracking on quotes, equals signs or schemes")
    func hostileText() {
        let inputs = [
            String(repeating: "\"", count: 50_000), String(repeating: "=", count: 50_000),
            String(repeating: "://", count: 20_000), String(repeating: "bearer ", count: 10_000),
            String(repeating: #"{"token":"#, count: 5_000), String(repeating: "\\", count: 50_000),
            String(repeating: "a", count: 100_000) + "=",
        ]
        for input in inputs {
            #expect(redactor.redact(text: input).utf8.count <= 2 * input.utf8.count)
        }
    }

    @Test("Query names and values decode as a server reads them")
    func formDecoding() {
        let samples = [
            "plain", "a+b", "%22timestamp%22", "caf%C3%A9", "100%", "%zz", "%4", "a%2Bb+c", "%FF", "", "+%20+",
            "%e2%9c%93",
        ]
        for sample in samples {
            let spaced = sample.replacingOccurrences(of: "+", with: " ")
            #expect(QueryItem.formDecoded(sample[...]) == (spaced.removingPercentEncoding ?? spaced), "\(sample)")
        }
    }

    @Test("Percent-decoding agrees with Foundation's, refusals included")
    func percentDecoding() {
        let samples = [
            "plain", "a+b", "%22timestamp%22", "caf%C3%A9", "100%", "%zz", "%4", "%FF", "", "%2F%2f", "%e2%9c%93",
            "Design%20projects", "caf\u{e9}", "%C3", "%00", "a%2", "%%41",
        ]
        for sample in samples {
            #expect(PercentEncoding.decode(sample[...]) == sample.removingPercentEncoding, "\(sample)")
        }
    }

    @Test("Secret names are found by meaning with or without escapes, and text without a secret comes back as it is")
    func fastPaths() {
        // Plain ASCII names take the allocation-free comparison; the same
        // names with escapes or non-ASCII letters take the decoding one.
        for name in ["Authorization", "x-api-key", "X_API_KEY", "xapikey", "a-u-t-h", "Session Token", "KEY"] {
            #expect(redactor.isSecret(name: name), "\(name)")
        }
        for name in ["Accept", "authorizations", "keys", "ke", "", "-", "tokenx", "caf\u{e9}", "api%5Fkeys"] {
            #expect(!redactor.isSecret(name: name), "\(name)")
        }
        #expect(redactor.isSecret(name: "api%5Fkey") && redactor.isSecret(name: "p\u{0041}ssword"))
        // No `=`, `"`, `@`, space or tab: nothing can be a secret.
        for text in ["/posts/-NabC.json", "ns=posts&print=pretty", "orderBy=%22%24key%22", "https://x.test/a?b"] {
            #expect(redactor.redact(text: text) == text)
            #expect(redactor.redact(path: text) == text)
        }
        #expect(redactor.redact(path: "/token=abc/x.json") == "/token=REDACTED/x.json")
        #expect(redactor.redact(text: "Bearer\tabc") == "Bearer\tREDACTED")
        #expect(redactor.redact(text: "https://u:p@x.test") == "https://u:REDACTED@x.test")
        let plain: HeaderFields = ["Accept": "*/*", "Host": "x.test"]
        #expect(redactor.redact(plain) == plain)
    }

    @Test("HTTP dates are written as IMF-fixdate in GMT and read back in every form")
    func httpDates() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.string(from: date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.date(from: HTTPDate.string(from: date)) == date)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: -86_400)) == "Wed, 31 Dec 1969 00:00:00 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 1e300)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test("The cURL description is redacted the same way")
    func curl() throws {
        var client = NetworkClient(baseURL: URL(string: "https://api.airtable.com")!)
        client.headers["Authorization"] = "Bearer patSECRET"
        let request = NetworkRequest<Data>.post("v0/app/Design projects", body: ["fields": ["Name": "It's"]]).query(
            "api_key", "keySECRET")
        let curl = try client.cURLDescription(for: request)
        #expect(
            curl == """
                curl \\
                  -X POST \\
                  'https://api.airtable.com/v0/app/Design%20projects?api_key=REDACTED' \\
                  -H 'Authorization: REDACTED' \\
                  -H 'Content-Type: application/json' \\
                  --data-raw '{"fields":{"Name":"It'\\''s"}}'
                """)
    }

    @Test(
        "A header a request marks secret is redacted in its cURL description and its failure, and counts as credentials"
    )
    func secretHeader() async throws {
        let client = makeClient(ScriptedTransport(always: .json(#"{"error":"no"}"#, status: 401)))
        let request = NetworkRequest<Data>.get("notes").header("X-Notes-Key", "notes-SECRET", isSecret: true)
            .header("X-Trace", "visible")
        let curl = try client.cURLDescription(for: request)
        #expect(curl.contains("-H 'X-Notes-Key: REDACTED'") && curl.contains("-H 'X-Trace: visible'"), "\(curl)")
        #expect(!curl.contains("notes-SECRET"))
        // Replacing a secret field keeps one field; removing it removes it.
        let replaced = request.header("X-Notes-Key", "other-SECRET", isSecret: true)
        #expect(replaced.headers.values(for: "X-Notes-Key") == ["other-SECRET"])
        #expect(!replaced.header("X-Notes-Key", nil).headers.contains("X-Notes-Key"))
        do throws(NetworkError) {
            _ = try await client.send(request)
            Issue.record("expected a 401")
        } catch {
            guard case .unauthenticated(let failure) = error else {
                Issue.record("expected unauthenticated, got \(error)")
                return
            }
            #expect(failure.carriedCredentials)
            #expect(!"\(error)".contains("notes-SECRET"))
        }
    }

    @Test("Log records carry method, redacted URL and headers, status, attempt and sizes")
    func logRecords() async throws {
        let records = Records()
        var client = makeClient(ScriptedTransport(always: .json(#"{"ok":true}"#)))
        client.headers["Authorization"] = "Bearer patSECRET"
        client.observers = [NetworkObserver { records.append($0) }]
        _ = try await client.send(NetworkRequest<Data>.post("posts.json", body: ["a": 1]).query("auth", "tokenSECRET"))
        let logged = records.all
        #expect(logged.count == 2)
        #expect(logged.allSatisfy { !$0.description.contains("SECRET") })
        #expect(logged[0].url == "https://api.example.test/posts.json?auth=REDACTED")
        #expect(logged[0].headers["Authorization"] == "REDACTED")
        #expect(
            logged[0].description == "→ POST https://api.example.test/posts.json?auth=REDACTED (attempt 1, 7 bytes)")
        guard case .response(let status) = logged[1].event else {
            Issue.record("expected a response record")
            return
        }
        #expect(status == 200)
        #expect(logged[1].bytesReceived == 11)
        #expect(logged[1].attempt == 1)
        #expect(logged[1].duration != nil)
    }

    @Test("Error descriptions never carry the secret")
    func errorDescriptions() async throws {
        try await ReservedPort.hold { reserved in
            var client = makeClient(
                URLSessionTransport.shared, baseURL: reserved.baseURL.absoluteString, maxAttempts: 1)
            client.query = [QueryItem(name: "api_key", value: "a6d819499131071f158fd740860a5a88")]
            do throws(NetworkError) {
                _ = try await client.send(NetworkRequest<Data>.get("services/rest"))
                Issue.record("expected a failure")
            } catch {
                #expect(!String(describing: error).contains("a6d8194"))
                #expect(
                    error.description
                        == "Could not connect to 127.0.0.1:\(reserved.port): the server is down or unreachable."
                )
            }
        }
        let request = TransportRequest(method: .get, url: URL(string: "https://x.test/?api_key=abc")!)
        let failure = NetworkError(
            transportError: URLError(
                .badServerResponse,
                userInfo: [NSLocalizedDescriptionKey: "Bad reply from https://x.test/?api_key=abc"]),
            request: request)
        #expect(
            failure.description
                == "The transport failed: Bad reply from https://x.test/?api_key=REDACTED (NSURLErrorDomain -1011).")
        // A TLS failure names the host only, and keeps no user info.
        let refused = NetworkError(
            transportError: URLError(
                .secureConnectionFailed, userInfo: [NSURLErrorFailingURLErrorKey: request.url]),
            request: request)
        guard case .tlsFailed(let tls) = refused else {
            Issue.record("expected tlsFailed, got \(refused)")
            return
        }
        #expect(!refused.description.contains("abc") && !String(describing: tls.underlying).contains("abc"))
    }
}

final class Records: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [NetworkLogRecord] = []

    func append(_ record: NetworkLogRecord) {
        lock.withLock { records.append(record) }
    }

    var all: [NetworkLogRecord] { lock.withLock { records } }
}
