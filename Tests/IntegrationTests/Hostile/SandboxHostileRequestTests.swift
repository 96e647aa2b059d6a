import AirtableClient
import FirebaseClient
import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// Requests that used to crash, stall or grow the Sandbox, over real HTTP:
/// each gets a clear answer, and the server answers the next request as
/// before.
@Suite("Hostile clients against the Sandbox server", .timeLimit(.minutes(10)))
struct SandboxHostileRequestTests {
    /// A plain client on `server` that never retries, so each answer shows.
    func client(_ server: SandboxServer) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, retryPolicy: .never)
    }

    /// The server still serves an ordinary request.
    func expectAlive(_ server: SandboxServer) async throws {
        let health = try await client(server).send(NetworkRequest<[String: String]>.get("__sandbox/health"))
        #expect(health == ["status": "ok"])
    }

    @Test("A formula nested ten thousand deep is Airtable's invalid-formula error, not a dead server")
    func deepFormula() async throws {
        var configuration = SandboxConfiguration()
        configuration.airtable.rateLimitEnabled = false
        try await SandboxServer.withServer(SandboxServerOptions(port: 0, configuration: configuration)) { server in
            var airtable = client(server)
            airtable.service = .airtable
            airtable.headers["Authorization"] = "Bearer \(AirtableEmulator.Configuration.defaultToken)"
            let table = "v0/\(AirtableClient.lessonBaseID)/\(AirtableClient.designProjectsTable)"
            let formulas = [
                Array(repeating: "1", count: 5_000).joined(separator: "="),
                String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000),
                String(repeating: "NOT(", count: 2_000) + "1" + String(repeating: ")", count: 2_000),
                String(repeating: "-", count: 8_000) + "1",
            ]
            for formula in formulas {
                await #expect {
                    _ = try await airtable.send(NetworkRequest<Data>.get(table).query("filterByFormula", formula))
                } throws: { error in
                    guard let error = error as? NetworkError, let airtable = error.airtableError else { return false }
                    return airtable.status == 422 && airtable.type.rawValue == "INVALID_FILTER_BY_FORMULA"
                }
            }
            try await expectAlive(server)
        }
    }

    @Test("Every admin route refuses out-of-range numbers and oversized input with 400")
    func adminValidation() async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let admin = client(server)
            let refused: [(HTTPMethod, String, String)] = [
                (.put, "latency", #"{"milliseconds":1e300}"#),
                (.put, "latency", #"{"milliseconds":-1}"#),
                (.put, "latency", #"{"milliseconds":600001}"#),
                (.put, "latency", #"{"milliseconds":"10"}"#),
                (.post, "faults", #"{"path":"/x","count":1e300,"status":503}"#),
                (.post, "faults", #"{"path":"/x","count":0,"status":503}"#),
                (.post, "faults", #"{"path":"/x","count":1.5,"status":503}"#),
                (.post, "faults", #"{"path":"/x","count":-3,"drop":true}"#),
                (.post, "faults", #"{"path":"/x","status":1e300}"#),
                (.post, "faults", #"{"path":"/x","status":99}"#),
                (.post, "faults", #"{"path":"/x","status":503.5}"#),
                (.post, "faults", #"{"path":"","status":503}"#),
                (.post, "faults", #"{"path":"\#(String(repeating: "*", count: 2000))","status":503}"#),
                (.post, "faults", #"{"path":"/x","status":503,"headers":{"X-A":"a\r\nSet-Cookie: b"}}"#),
                (.post, "faults", "not json"),
            ]
            for (method, route, body) in refused {
                let request = NetworkRequest<Data>(method: method, path: "__sandbox/\(route)")
                    .body(Data(body.utf8), contentType: "application/json")
                await #expect {
                    _ = try await admin.send(request)
                } throws: { error in
                    (error as? NetworkError)?.status == 400
                }
            }
            #expect(server.sandbox.faults.pending.isEmpty)
            try await expectAlive(server)
        }
    }

    @Test("A fault pattern full of stars matches at once and ordinary requests are not held up")
    func starryPattern() async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let admin = client(server)
            let pattern = String(repeating: "*a", count: 500) + "*b*"
            let body = #"{"path":"\#(pattern)","status":503,"count":1}"#
            _ = try await admin.send(
                NetworkRequest<Data>(method: .post, path: "__sandbox/faults").body(
                    Data(body.utf8), contentType: "application/json"))
            let path = String(repeating: "a", count: 700)
            // The pattern does not match, so the request reaches Firebase.
            let value = try await admin.send(NetworkRequest<Data>.get(path).pathExtension("json"))
            #expect(String(decoding: value, as: UTF8.self) == "null")
            let matching = await admin.answer(to: NetworkRequest<Data>.get(path + "b").pathExtension("json")).status
            #expect(matching == 503)
        }
    }

    @Test("The request log shows no auth or api_key value")
    func redactedLog() async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let http = client(server)
            _ = try? await http.send(
                NetworkRequest<Data>.get("posts").pathExtension("json").query("auth", "s3cr3t-auth"))
            _ = try? await http.send(
                NetworkRequest<Data>.get("services/rest").query([
                    QueryItem(name: "method", value: "soogreyhounds.photos.getList"),
                    QueryItem(name: "api_key", value: "s3cr3t-key"), QueryItem(name: "format", value: "json"),
                ]))
            let log = try await http.send(NetworkRequest<Data>.get("__sandbox/requests"))
            let text = String(decoding: log, as: UTF8.self)
            #expect(!text.contains("s3cr3t"))
            #expect(text.contains("auth=REDACTED"))
            #expect(text.contains("api_key=REDACTED"))
        }
    }

    @Test("Reading unknown namespaces allocates none; writing past the limit is a clear 507")
    func namespaces() async throws {
        var configuration = SandboxConfiguration()
        configuration.firebase.maxNamespaces = 10
        try await SandboxServer.withServer(SandboxServerOptions(port: 0, configuration: configuration)) { server in
            let http = client(server)
            for index in 0..<200 {
                let read = try await http.send(
                    NetworkRequest<Data>.get("posts").pathExtension("json").query("ns", "read-\(index)"))
                #expect(read == Data("null".utf8))
            }
            // The two lesson databases and eight more fit; the reads took none.
            for index in 0..<8 {
                try await http.send(
                    NetworkRequest<Void>.put("a", body: index).pathExtension("json").query("ns", "write-\(index)"))
            }
            await #expect {
                try await http.send(
                    NetworkRequest<Void>.put("a", body: 9).pathExtension("json").query("ns", "one-too-many"))
            } throws: { error in
                guard let failure = (error as? NetworkError)?.failure else { return false }
                return failure.status == 507 && failure.message?.message.contains("at most 10 namespaces") == true
            }
            try await http.send(NetworkRequest<Void>.put("b", body: 1).pathExtension("json").query("ns", "write-0"))
        }
    }

    @Test("Clients holding credentials describe themselves redacted")
    func clientDescriptions() throws {
        let firebase = FirebaseClient(
            configuration: FirebaseClient.Configuration(
                databaseURL: URL(string: "https://db.example.com")!, credentials: .idToken("firebase-secret")))
        let airtable = AirtableClient(
            configuration: AirtableClient.Configuration(baseID: "app1", table: "T", token: "patSecret.airtable"))
        let subjects: [Any] = [
            firebase, firebase.http, firebase.configuration, FirebaseCredentials.accessToken("firebase-secret"),
            airtable, airtable.http,
        ]
        for subject in subjects {
            var dumped = ""
            dump(subject, to: &dumped)
            for text in [String(describing: subject), String(reflecting: subject), dumped] {
                #expect(!text.contains("firebase-secret") && !text.contains("patSecret"), "\(text)")
            }
        }
    }
}

extension NetworkClient {
    /// The status of the answer, success or failure.
    fileprivate func answer(to request: NetworkRequest<Data>) async -> (status: Int?, body: Data?) {
        do {
            return (200, try await send(request))
        } catch {
            return (error.status, nil)
        }
    }
}
