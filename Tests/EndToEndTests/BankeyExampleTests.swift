import Foundation
import HTTPTestServer
import SandboxServer
import Testing

// One run at a time: each starts a process (and most a sandbox), and many at
// once on a small machine can starve the servers these tests start.
@Suite("bankey example", .serialized)
struct BankeyExampleTests {
    @Test("On its embedded sandbox it prints the greeting, the accounts and the total")
    func embedded() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("bankey-data")
        let run = try await ExampleProcess.run("bankey", ["--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Good morning, Kevin")
        #expect(
            lines.count > 1
                && lines[1].range(of: #"^[A-Z][a-z]{2} \d{1,2}, \d{4}$"#, options: .regularExpression) != nil)
        #expect(run.standardOutput.contains("Type        Account                 Label                Balance"))
        #expect(run.standardOutput.contains("Banking     Basic Savings           Current balance  $929,466.23"))
        #expect(run.standardOutput.contains("CreditCard  Visa Avion Card         Balance              $412.83"))
        #expect(run.standardOutput.contains("Investment  Growth Fund             Value             $15,000.00"))
        #expect(run.standardOutput.contains("\nTotal                                                $963,565.01\n"))
        #expect(!run.standardOutput.contains("\u{1B}["))
        #expect(run.standardError.contains("Sandbox on http://127.0.0.1:"))
        #expect(run.standardError.contains(data.path))
    }

    @Test("--json prints the view models' values, amounts exact")
    func json() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("bankey-data")
        let run = try await ExampleProcess.run(
            "bankey", ["summary", "--user", "2", "--json", "--data-dir", data.path, "--locale", "en_US"])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let header = try #require(document["header"] as? [String: Any])
        #expect(header["welcomeMessage"] as? String == "Good morning,")
        #expect(header["name"] as? String == "Allan")
        let accounts = try #require(document["accounts"] as? [[String: Any]])
        #expect(!accounts.isEmpty)
        #expect(accounts.allSatisfy { ($0["balanceCents"] as? String)?.count == 2 })
        #expect(accounts.allSatisfy { ($0["balanceFormatted"] as? String)?.hasPrefix("$") == true })
        #expect(document["userId"] as? String == "2")
        #expect(document["totalFormatted"] is String)
    }

    @Test("--base-url uses a separately started server")
    func baseURL() async throws {
        let run = try await ExampleSandboxServer.withServer { server in
            try await ExampleProcess.run(
                "bankey", ["--base-url", server.baseURL.absoluteString, "--user", "3"])
        }
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Good morning, Ed\n"))
        #expect(!run.standardError.contains("Sandbox on"))
    }

    @Test("A server that is down is one clear line and status 1")
    func serverDown() async throws {
        try await ReservedPort.hold { down in
            let url = down.baseURL.absoluteString
            let run = try await ExampleProcess.run("bankey", ["--base-url", url])
            #expect(run.status == 1)
            #expect(run.standardOutput.isEmpty)
            #expect(
                run.standardError.hasPrefix(
                    "error: Server Error: We could not process your request. Please try again. (Could not connect to"))
            #expect(run.standardError.split(separator: "\n").count == 1)
        }
    }

    @Test("An unknown customer is the lesson's server alert, with the 404")
    func unknownUser() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("bankey-data")
        let run = try await ExampleProcess.run("bankey", ["--user", "42", "--data-dir", data.path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("error: Server Error: We could not process your request."))
        #expect(run.standardError.contains("404"))
    }

    @Test("Bad options are usage errors")
    func badOptions() async throws {
        let run = try await ExampleProcess.run("bankey", ["--time-zone", "Mars/Olympus"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("Unknown time zone"))
    }

    @Test("Every command has --help")
    func help() async throws {
        let root = try await ExampleProcess.run("bankey", ["--help"])
        #expect(root.status == 0)
        #expect(root.standardOutput.contains("summary (default)"))
        let summary = try await ExampleProcess.run("bankey", ["summary", "--help"])
        #expect(summary.status == 0)
        #expect(summary.standardOutput.contains("USAGE: bankey summary"))
        #expect(summary.standardOutput.contains("--base-url"))
        #expect(summary.standardOutput.contains("--json"))
    }

    @Test(
        "Colour only on a terminal, never with NO_COLOR",
        .enabled(if: ExampleSandboxServer.canUseTerminal))
    func colour() async throws {
        let (coloured, plain) = try await ExampleSandboxServer.withServer { server in
            let coloured = try await ExampleSandboxServer.runOnTerminal(
                "bankey", ["--base-url", server.baseURL.absoluteString])
            let plain = try await ExampleSandboxServer.runOnTerminal(
                "bankey", ["--base-url", server.baseURL.absoluteString], environment: ["NO_COLOR": "1"])
            return (coloured, plain)
        }
        #expect(coloured.status == 0)
        #expect(coloured.output.contains("\u{1B}[1mGood morning, Kevin\u{1B}[0m"))
        #expect(plain.status == 0)
        #expect(plain.output.contains("Good morning, Kevin"))
        // Progress lines may still be erased on a terminal; colours may not.
        #expect(plain.output.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) == nil)
    }
}
