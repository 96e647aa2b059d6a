import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Bankey over HTTP: the course server's exact bytes")
struct BankeyHTTPTests {
    @Test("Profiles and accounts answer the exact bytes as application/json; the old customer path too")
    func exactBytes() async throws {
        try await AirtableHTTP.withServer { server in
            let profile = try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/1"))
            #expect(profile.status == 200)
            #expect(profile.header("Content-Type") == "application/json; charset=utf-8")
            #expect(profile.text == "{\n\"id\": \"1\",\n\"first_name\": \"Kevin\",\n\"last_name\": \"Flynn\",\n}\n")
            #expect(profile.header("Content-Length") == String(profile.body.count))
            for id in ["1", "2", "3"] {
                let local = await server.sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/\(id)/accounts"))
                let accounts = try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/\(id)/accounts"))
                #expect(accounts.status == 200)
                #expect(accounts.body == local.data)
                #expect(accounts.text.hasSuffix("  },\n ]\n"))
                let person = try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/\(id)"))
                #expect(person.text.contains("\"id\": \"\(id)\",\n"))
            }
            let old = try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/customer/1/accounts"))
            let new = try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/1/accounts"))
            #expect(old.status == 200)
            #expect(old.body == new.body)
        }
    }

    @Test("Anything else is a 404, and the server keeps serving")
    func notFound() async throws {
        try await AirtableHTTP.withServer { server in
            for target in ["/bankey/profile/4", "/bankey/profile/1/accounts/2", "/bankey/", "/bankey/profile/%2e%2e"] {
                let response = try await HTTP.send("GET", HTTP.url(server.baseURL, target))
                #expect(response.status == 404, "\(target)")
            }
            let post = try await HTTP.send("POST", HTTP.url(server.baseURL, "/bankey/profile/1"), body: Data("{}".utf8))
            #expect(post.status == 404)
            #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/bankey/profile/2")).status == 200)
        }
    }
}
