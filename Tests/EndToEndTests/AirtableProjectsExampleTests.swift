import Foundation
import HTTPTestServer
import SandboxServer
import Testing

// One run at a time: each starts a process (and most a sandbox), and many at
// once on a small machine can starve the servers these tests start.
@Suite("airtable-projects example", .serialized)
struct AirtableProjectsExampleTests {
    @Test("list prints the lesson's sixteen projects")
    func list() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("airtable-data")
        let run = try await ExampleProcess.run("airtable-projects", ["list", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Design projects (16 projects)")
        #expect(lines.contains { $0.hasPrefix("Name ") && $0.contains("Due date") && $0.hasSuffix("Category") })
        #expect(lines.contains { $0.hasPrefix("CMCA brand identity ") && $0.contains("2020-11-07") })
        #expect(lines.count == 1 + 2 + 16)
    }

    @Test("create posts the project, the list shows it, and it is still there in the next run")
    func createPersists() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("airtable-data")
        let created = try await ExampleProcess.run(
            "airtable-projects",
            [
                "create", "--name", "Greyhound mascot", "--category", "Sports branding", "--due", "2024-01-31",
                "--data-dir", data.path,
            ])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(
            created.standardOutput.hasPrefix("Created \"Greyhound mascot\" (Sports branding, due 2024-01-31) as rec"))
        #expect(created.standardOutput.contains("Design projects (17 projects)"))

        let listed = try await ExampleProcess.run("airtable-projects", ["list", "--json", "--data-dir", data.path])
        #expect(listed.status == 0, "\(listed.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any])
        let projects = try #require(document["projects"] as? [[String: String]])
        #expect(projects.count == 17)
        #expect(projects.last == ["name": "Greyhound mascot", "dueDate": "2024-01-31", "category": "Sports branding"])

        let reset = try await ExampleProcess.run("airtable-projects", ["list", "--reset", "--data-dir", data.path])
        #expect(reset.standardOutput.hasPrefix("Design projects (16 projects)"))
    }

    @Test("create --json returns the new record")
    func createJSON() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("airtable-data")
        let run = try await ExampleProcess.run(
            "airtable-projects",
            [
                "create", "--name", "Test", "--category", "Brand identity", "--due", "2024-02-29", "--json",
                "--data-dir", data.path,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let created = try #require(document["created"] as? [String: Any])
        #expect(created["name"] as? String == "Test")
        #expect(created["dueDate"] as? String == "2024-02-29")
        #expect((created["id"] as? String)?.hasPrefix("rec") == true)
        #expect((document["projects"] as? [Any])?.count == 17)
    }

    @Test("A blank name is the lesson's Invalid Post")
    func invalidPost() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("airtable-data")
        let run = try await ExampleProcess.run(
            "airtable-projects", ["create", "--name", " ", "--category", "Brand identity", "--data-dir", data.path])
        #expect(run.status == 1)
        #expect(run.standardError.hasSuffix("\nerror: Invalid Post: Ensure you have completed fields\n"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("A day that does not exist is a usage error")
    func badDay() async throws {
        let run = try await ExampleProcess.run("airtable-projects", ["create", "--name", "x", "--due", "2024-02-30"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--due must be a real day"))
    }

    @Test("--base-url uses a separately started server, with credentials from the environment")
    func baseURL() async throws {
        let run = try await ExampleSandboxServer.withServer { server in
            try await ExampleProcess.run(
                "airtable-projects", ["list", "--base-url", server.baseURL.absoluteString],
                environment: ["AIRTABLE_BASE_ID": "appIBfoNbzEaA72c2"])
        }
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Design projects (16 projects)"))
    }

    @Test("A refused token is Airtable's message and status 1, the token never printed")
    func wrongToken() async throws {
        let token = "patWrong.0123456789abcdef"
        let run = try await ExampleSandboxServer.withServer { server in
            try await ExampleProcess.run(
                "airtable-projects", ["list", "--base-url", server.baseURL.absoluteString],
                environment: ["AIRTABLE_TOKEN": token])
        }
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError.hasPrefix("error: Error Fetching Data: Airtable did not accept the credentials (401)"))
        #expect(run.standardError.contains("Authentication required"))
        #expect(!run.standardError.contains(token))
        #expect(run.standardError.split(separator: "\n").count == 1)
    }

    @Test("A token in .env is read, and never printed")
    func dotEnv() async throws {
        let folder = try ExampleSandboxServer.temporaryFolder("airtable-env")
        try "AIRTABLE_TOKEN=\"patFromDotEnv.wrong\"\n".write(
            to: folder.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        let run = try await ExampleSandboxServer.withServer { server in
            try await ExampleProcess.run(
                "airtable-projects",
                ["create", "--name", "x", "--category", "y", "--base-url", server.baseURL.absoluteString], in: folder)
        }
        #expect(run.status == 1)
        #expect(
            run.standardError.hasPrefix(
                "error: Error posting new Project: Airtable did not accept the credentials (401)"))
        #expect(!run.standardError.contains("patFromDotEnv"))
    }

    @Test("A server that is down is one clear line and status 1")
    func serverDown() async throws {
        try await ReservedPort.hold { down in
            let url = down.baseURL.absoluteString
            let run = try await ExampleProcess.run("airtable-projects", ["list", "--base-url", url])
            #expect(run.status == 1)
            #expect(run.standardError.hasPrefix("error: Error Fetching Data: Could not connect to 127.0.0.1:"))
            #expect(run.standardError.split(separator: "\n").count == 1)
        }
    }

    @Test(
        "Every command has --help",
        arguments: [["--help"], ["list", "--help"], ["create", "--help"]])
    func help(arguments: [String]) async throws {
        let run = try await ExampleProcess.run("airtable-projects", arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: airtable-projects"))
    }
}
