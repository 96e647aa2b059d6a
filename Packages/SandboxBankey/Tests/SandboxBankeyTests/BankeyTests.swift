import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxBankey

@Suite("Bankey: the course server's exact bytes")
struct BankeyTests {
    @Test("Profile 1 is byte for byte what the course's server sent, trailing comma included")
    func profileBytes() async throws {
        let sandbox = BankeyEmulator()
        let response = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1"))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.bodyText == "{\n\"id\": \"1\",\n\"first_name\": \"Kevin\",\n\"last_name\": \"Flynn\",\n}\n")
        #expect(throws: JSONParseError.self) { try JSON.parse(response.data) }
    }

    @Test(
        "Every profile and its accounts answer the bundled file's exact bytes",
        arguments: ["1", "2", "3"]
    )
    func allFiles(id: String) async throws {
        let sandbox = BankeyEmulator()
        for (path, file) in [
            ("/bankey/profile/\(id)", "profile-\(id)"), ("/bankey/profile/\(id)/accounts", "accounts-\(id)"),
        ] {
            let response = await sandbox.respond(to: SandboxRequest("GET", path))
            let expected = try #require(SandboxResources.bankey.data("bankey/\(file).json"))
            #expect(response.status == 200)
            #expect(response.data == expected)
            #expect(response.bodyText.contains("\"id\": \"\(id)\"") || file.hasPrefix("accounts"))
        }
    }

    @Test("Accounts keep the money, dates and trailing commas the client must survive")
    func accountsQuirks() async throws {
        let sandbox = BankeyEmulator()
        let text = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1/accounts")).bodyText
        #expect(
            text.hasPrefix("[\n  {\n    \"id\": \"1\",\n    \"type\": \"Banking\",\n    \"name\": \"Basic Savings\","))
        #expect(text.contains("\"amount\": 929466.23,"))
        #expect(text.contains("\"amount\": 2000.00,"))
        #expect(text.contains("\"createdDateTime\" : \"2010-06-21T15:29:32Z\""))
        #expect(text.hasSuffix("  },\n ]\n"))
    }

    @Test("The lesson's older /bankey/customer/1/accounts answers the same accounts")
    func customerPath() async throws {
        let sandbox = BankeyEmulator()
        let old = await sandbox.respond(to: SandboxRequest("GET", "/bankey/customer/1/accounts"))
        let new = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1/accounts"))
        #expect(old.status == 200)
        #expect(old.data == new.data)
    }

    @Test(
        "Anything else is a 404",
        arguments: [
            ("GET", "/bankey/profile/4"), ("GET", "/bankey/profile/0"), ("GET", "/bankey/profile/01"),
            ("GET", "/bankey/profile/1/accounts/1"), ("GET", "/bankey/profile"), ("GET", "/bankey/"),
            ("GET", "/bankey/profile/..%2F1"), ("GET", "/bankey/profile/1/transactions"), ("POST", "/bankey/profile/1"),
            ("DELETE", "/bankey/profile/1"), ("GET", "/bankey/customer/4/accounts"), ("GET", "/bankey/accounts/1"),
        ]
    )
    func notFound(method: String, path: String) async throws {
        let sandbox = BankeyEmulator()
        let response = await sandbox.respond(to: SandboxRequest(method, path))
        #expect(response.status == 404)
    }

    @Test("A query string does not change the answer")
    func query() async throws {
        let sandbox = BankeyEmulator()
        let response = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/2?cache=no"))
        #expect(response.bodyText.contains("\"first_name\": \"Allan\""))
    }
}
