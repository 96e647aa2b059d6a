import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `sandbox` executable as a user runs it, through ``SandboxProcess``.
@Suite("The sandbox command: banner, flags, signals, data directory", .timeLimit(.minutes(10)))
struct SandboxCommandTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("SandboxCommandTests-\(UUID().uuidString)", isDirectory: true)
    }

    @Test("It prints the URL first, then the services and their entry points, and serves them")
    func banner() async throws {
        let sandbox = try await SandboxProcess.launch()
        let port = try #require(sandbox.baseURL.port)
        #expect(sandbox.outputLines.first == "Sandbox listening on http://127.0.0.1:\(port)")
        #expect(await sandbox.waitForOutput(containing: "Press Ctrl-C to stop."))
        let banner = sandbox.outputLines.joined(separator: "\n")
        for expected in [
            "devmtn-post", "lambda-message-board", "?ns=", "/posts.json?ns=devmtn-post",
            "/.json?ns=lambda-message-board", "/v0/appIBfoNbzEaA72c2/Design%20projects",
            "Bearer patSandbox0000000.", "/bankey/profile/1", "/services/rest?method=soogreyhounds.photos.getList",
            "in memory", "Console (this machine only): http://127.0.0.1:\(port)/__sandbox/console/",
        ] {
            #expect(banner.contains(expected), "missing \(expected)")
        }
        let health = try await HTTP.send("GET", HTTP.url(sandbox.baseURL, "/__sandbox/health"))
        #expect(health.status == 200)
        #expect(await sandbox.terminate() == 0)
    }

    @Test("With --host 0.0.0.0 it warns what becomes reachable and prints the URLs a phone uses")
    func exposedBanner() async throws {
        let sandbox = try await SandboxProcess.launch(["--host", "0.0.0.0"])
        let port = try #require(sandbox.baseURL.port)
        #expect(await sandbox.waitForOutput(containing: "Press Ctrl-C to stop."))
        let lines = sandbox.outputLines
        #expect(lines.first == "Sandbox listening on http://127.0.0.1:\(port)")
        #expect(lines.dropFirst().first?.hasPrefix("WARNING: the Sandbox is reachable from the network") == true)
        let urls = NetworkExposure.interfaceAddresses().map {
            $0.contains(":") ? "http://[\($0)]:\(port)" : "http://\($0):\(port)"
        }
        let devices = try #require(lines.first { $0.hasPrefix("From a phone or another machine on this network: ") })
        #expect(
            devices == "From a phone or another machine on this network: "
                + (urls.isEmpty ? "no network address found" : urls.joined(separator: ", ")))
        #expect(lines.contains { $0.hasPrefix("Admin (this machine only): ") })
        #expect(await sandbox.terminate() == 0)
    }

    @Test("Credentials given on the command line are not echoed")
    func credentialsNotEchoed() async throws {
        let sandbox = try await SandboxProcess.launch([
            "--auth-secret", "hunter2-secret", "--airtable-token", "patMine.secret-token",
            "--airtable-token", "patOther.secret", "--soogreyhounds-api-key", "my-own-key",
            "--airtable-legacy-api-key", "--no-rate-limit", "--keep-alive", "0.5", "--max-body-size", "1000",
        ])
        #expect(await sandbox.waitForOutput(containing: "Press Ctrl-C to stop."))
        let banner = sandbox.outputLines.joined(separator: "\n")
        for secret in ["hunter2-secret", "patMine.secret-token", "patOther.secret", "my-own-key", "patSandbox"] {
            #expect(!banner.contains(secret), "echoed \(secret)")
        }
        #expect(banner.contains("Rate limit:     off"))
        #expect(banner.contains("Legacy api_key: accepted"))
        let tooLarge = try await HTTP.send(
            "POST", HTTP.url(sandbox.baseURL, "/posts.json"), body: Data(repeating: 1, count: 1001))
        #expect(tooLarge.status == 400)
        #expect(tooLarge.text.contains("Data to write exceeds the maximum size"))
        #expect(await sandbox.kill(signal: SIGINT) == 0)
    }

    @Test("A standard error that cannot be written to is ignored: the command stops cleanly on SIGTERM")
    func unwritableStandardError() async throws {
        // `FileHandle.write(_:)` traps when a write fails; the goodbye line
        // on SIGTERM is written to standard error.
        let sandbox = try await SandboxProcess.launch(unwritableStandardError: true)
        let response = try await HTTP.send("GET", HTTP.url(sandbox.baseURL, "/posts.json?shallow=true"))
        #expect(response.status == 200)
        #expect(await sandbox.terminate() == 0)
    }

    @Test("With --data-dir it keeps sandbox.sqlite, survives SIGKILL, and refuses a second sandbox on it")
    func dataDirectory() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await SandboxProcess.launch(["--data-dir", directory.path])
        #expect(await first.waitForOutput(containing: "Press Ctrl-C to stop."))
        #expect(first.outputLines.contains { $0.contains("sandbox.sqlite") && $0.contains("durable") })
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("sandbox.sqlite").path))

        await #expect(throws: SandboxProcess.LaunchError.self) {
            _ = try await SandboxProcess.launch(["--data-dir", directory.path])
        }

        #expect(await first.kill() == SIGKILL)
        let restarted = try await SandboxProcess.launch(["--data-dir", directory.path, "--reset"])
        #expect(try await HTTP.send("GET", HTTP.url(restarted.baseURL, "/__sandbox/health")).status == 200)
        #expect(await restarted.terminate() == 0)
    }

    @Test("--airtable-base loads a base file with its ids; a broken file stops the start with the reason")
    func airtableBaseFiles() async throws {
        let directory = Self.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("base.json")
        try Data(
            #"{"id": "appOwnBase0000001", "name": "Own", "tables": [{"id": "tblOwnTable000001", "name": "Items", "fields": [{"id": "fldOwnField000001", "name": "Name", "type": "singleLineText"}], "records": [{"id": "recOwnRecord00001", "fields": {"Name": "kept"}}]}]}"#
                .utf8
        ).write(to: file)
        let sandbox = try await SandboxProcess.launch(["--airtable-base", file.path])
        let record = try await HTTP.send(
            "GET", HTTP.url(sandbox.baseURL, "/v0/appOwnBase0000001/tblOwnTable000001/recOwnRecord00001"),
            headers: ["Authorization": "Bearer \(AirtableEmulator.Configuration.defaultToken)"])
        #expect(record.status == 200)
        #expect(record.text.contains(#""fields":{"Name":"kept"}"#), "\(record.text)")
        #expect(await sandbox.terminate() == 0)

        let broken = directory.appendingPathComponent("broken.json")
        try Data(#"{"name": "x", "tables": [{"name": "t", "fields": [{"name": "f", "type": "warp"}]}]}"#.utf8).write(
            to: broken)
        do {
            _ = try await SandboxProcess.launch(["--airtable-base", broken.path])
            Issue.record("the sandbox started with a broken base file")
        } catch let error as SandboxProcess.LaunchError {
            #expect(error.description.contains("Unknown field type \"warp\""), "\(error)")
        }
    }

    @Test("--rules FILE sets every database's rules, --rules NS=FILE one's; a bad file fails before listening")
    func rulesFiles() async throws {
        let directory = Self.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let locked = directory.appendingPathComponent("database.rules.json")
        try Data("{\n  // Signed-in users only.\n  \"rules\": {\".read\": \"auth != null\"}\n}".utf8).write(to: locked)
        let open = directory.appendingPathComponent("open.rules.json")
        try Data(#"{"rules": {".read": true}}"#.utf8).write(to: open)
        let sandbox = try await SandboxProcess.launch(["--rules", locked.path, "--rules", "devmtn-post=" + open.path])
        #expect(await sandbox.waitForOutput(containing: "Rules:          from --rules; own rules for devmtn-post"))
        let denied = try await HTTP.send("GET", HTTP.url(sandbox.baseURL, "/.json?ns=lambda-message-board"))
        #expect(denied.status == 401)
        let allowed = try await HTTP.send("GET", HTTP.url(sandbox.baseURL, "/posts.json?ns=devmtn-post&shallow=true"))
        #expect(allowed.status == 200)
        #expect(await sandbox.terminate() == 0)

        let broken = directory.appendingPathComponent("broken.rules.json")
        try Data(#"{"rules": {".read": "nope"}}"#.utf8).write(to: broken)
        do {
            _ = try await SandboxProcess.launch(["--rules", broken.path])
            Issue.record("the sandbox started with broken rules")
        } catch let error as SandboxProcess.LaunchError {
            #expect(error.description.contains("1:22: Unknown variable 'nope'."), "\(error)")
        }
    }

    @Test("Invalid flags fail before listening, with the reason on standard error")
    func invalidFlags() async throws {
        do {
            _ = try await SandboxProcess.launch(["--port", "70000"])
            Issue.record("the sandbox started with --port 70000")
        } catch let error as SandboxProcess.LaunchError {
            #expect(error.description.contains("--port must be between 0 and 65535"))
        }
    }

    @Test("Closing its standard input stops a sandbox started by a harness")
    func stopsWhenStandardInputCloses() async throws {
        let sandbox = try await SandboxProcess.launch()
        sandbox.closeStandardInput()
        #expect(await sandbox.waitForExit() == 0)
    }
}
