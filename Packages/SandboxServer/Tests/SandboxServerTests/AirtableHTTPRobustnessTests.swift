import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bad input to the Airtable, Bankey and SooGreyhounds routes: each gets
/// its error and the server keeps serving.
@Suite("Airtable over HTTP: bad input never crashes the server")
struct AirtableHTTPRobustnessTests {
    private static func expectServing(_ server: SandboxServer) async throws {
        let response = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.table + "?maxRecords=1")
        #expect(response.status == 200)
    }

    @Test("Unparsable bodies get 400, wrongly typed ones 422, and nothing changes")
    func malformedBodies() async throws {
        try await AirtableHTTP.withServer { server in
            // Airtable documents 400 for a body that cannot be parsed as JSON.
            let unparsable = [
                "{", "nope", String(repeating: "[", count: 100_000), "{\"fields\":{\"Name\":\"\u{0}\"}", "\u{FF}\u{FE}",
            ]
            let wronglyTyped = [
                "[]", "42", #"{"fields":"x"}"#, #"{"records":"x"}"#, #"{"records":[1,2]}"#,
                #"{"fields":{"Name":{"nested":[1,{"deep":true}]}}}"#, #"{"fields":{"Due date":12}}"#,
            ]
            for (bodies, status) in [(unparsable, 400), (wronglyTyped, 422)] {
                for body in bodies {
                    let response = try await AirtableHTTP.send(server.baseURL, "POST", AirtableHTTP.table, json: body)
                    #expect(response.status == status, "\(body.prefix(30))")
                    #expect(response.bodyJSON["error"]?["type"]?.stringValue != nil)
                }
            }
            for body in [#"{"pageSize":"x"}"#, #"{"sort":"Name"}"#] {
                let response = try await AirtableHTTP.send(
                    server.baseURL, "POST", AirtableHTTP.table + "/listRecords", json: body)
                #expect(response.status == 422)
                #expect(response.text == AirtableHTTP.invalidRequest)
            }
            let patch = try await AirtableHTTP.send(
                server.baseURL, "PATCH", AirtableHTTP.table + "/rec6DyWEAw6ZOWrb4", json: #"{"fields":[]}"#)
            #expect(patch.status == 422)
            #expect(await server.sandbox.airtable.recordCount(inTable: "Design projects") == 16)
            try await Self.expectServing(server)
        }
    }

    @Test("Huge bodies: over Airtable's 2 MiB is its 413; over every emulator's limit the server's 413")
    func hugeBodies() async throws {
        try await AirtableHTTP.withServer { server in
            let notes = String(repeating: "x", count: 3 << 20)
            let large = try await AirtableHTTP.send(
                server.baseURL, "POST", AirtableHTTP.table, json: #"{"fields":{"Name":"Big","Notes":"\#(notes)"}}"#)
            #expect(large.status == 413)
            #expect(large.text == AirtableHTTP.error("REQUEST_TOO_LARGE", "Request body is too large"))
            let huge = try await AirtableHTTP.send(
                server.baseURL, "POST", AirtableHTTP.table, json: String(repeating: " ", count: 20 << 20))
            #expect(huge.status == 413)
            #expect(await server.sandbox.airtable.recordCount(inTable: "Design projects") == 16)
            try await Self.expectServing(server)
        }
    }

    @Test("Invalid cursors, formulas and parameters get their 422s")
    func invalidParameters() async throws {
        try await AirtableHTTP.withServer { server in
            let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
            let targets = [
                "?offset=itr%2F%2F%2F", "?offset=" + String(repeating: "a", count: 5000), "?pageSize=-5",
                "?pageSize=99999999999999999999", "?maxRecords=abc", "?sort%5B0%5D%5Bdirection%5D=desc",
                "?filterByFormula=" + (deep.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                "?filterByFormula=%7B%7D%3D%3D%3D", "?filterByFormula=%E2%80%9Cx%E2%80%9D", "?view=%00",
                "?cellFormat=string", "?returnFieldsByFieldId=maybe",
            ]
            for target in targets {
                let response = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.table + target)
                #expect(response.status == 422, "\(target.prefix(40))")
            }
            try await Self.expectServing(server)
        }
    }

    @Test(
        "Unknown methods, odd paths and traversal attempts get 404s (400 from the parser for a method it does not know)"
    )
    func oddRequests() async throws {
        try await AirtableHTTP.withServer { server in
            let auth = ["Authorization: Bearer \(AirtableHTTP.token)"]
            let cases: [(String, String, Int)] = [
                ("TRACE", AirtableHTTP.table, 404), ("OPTIONS", AirtableHTTP.table, 404),
                ("BREW", AirtableHTTP.table, 400),
                ("GET", "/v0/appIBfoNbzEaA72c2/../../etc/passwd", 404),
                ("GET", "/v0/appIBfoNbzEaA72c2/%2e%2e%2f%2e%2e/etc", 403),
                ("GET", "/images/../Package.swift", 404), ("GET", "/images/%2e%2e%2fphotos.json", 404),
                ("GET", "/images/..%2F..%2FPackage.swift", 404), ("GET", "/bankey/profile/..%2F1", 404),
                ("GET", "/services/rest/../../Package.swift", 404),
            ]
            for (method, target, status) in cases {
                let response = try await AirtableHTTP.raw(server.port, method, target, headers: auth)
                #expect(response.status == status, "\(method) \(target)")
            }
            try await Self.expectServing(server)
        }
    }

    @Test(
        "A path with a control character, raw or encoded, is a 400 on every route, the console's files included",
        arguments: [
            "/__sandbox/console/index.html%00.js", "/__sandbox/console/%00", "/__sandbox/health%0a",
            "/posts%00.json", "/v0/appIBfoNbzEaA72c2/Design%20projects%1F", "/bankey/profile/1%7F",
            "/images/DeMeo_J17_2595.jpg%00.png", "/services/rest%0D",
        ])
    func controlCharacters(path: String) async throws {
        try await AirtableHTTP.withServer { server in
            let response = try await AirtableHTTP.raw(
                server.port, "GET", path, headers: ["Authorization: Bearer \(AirtableHTTP.token)"])
            #expect(response.status == 400)
            #expect(!response.text.contains("<html") && !response.text.contains("JFIF"))
            try await Self.expectServing(server)
        }
    }

    @Test("A secret in a path segment is redacted in the request log, the rest of the path kept")
    func secretInPath() async throws {
        try await AirtableHTTP.withServer { server in
            _ = try await AirtableHTTP.raw(server.port, "GET", "/token=s3cret-value/notes.json?ns=x")
            _ = try await AirtableHTTP.raw(server.port, "GET", "/v0/app;api_key=s3cret-value/Things")
            let paths = await server.sandbox.requests.all.map(\.path)
            #expect(paths == ["/token=REDACTED/notes.json", "/v0/app;api_key=REDACTED/Things"])
        }
    }
}
