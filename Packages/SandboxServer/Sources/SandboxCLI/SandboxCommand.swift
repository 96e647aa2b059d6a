import ArgumentParser
import Foundation
import Sandbox
import SandboxServer

/// `sandbox`: the lessons' four APIs on one local port, until Ctrl-C.
@main
struct SandboxCommand: AsyncParsableCommand {
    /// Every emulator's endpoints, one indented line each, under its name.
    static var endpointList: String {
        Sandbox.endpoints.map { service in
            "\n  \(service.service)\n" + service.endpoints.map { "    \($0)" }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Serve the lessons' APIs (Firebase, Airtable, Bankey, SooGreyhounds) locally over HTTP.",
        discussion: """
            One server hosts the four emulators on one port, seeded with the lessons' data:
              Firebase Realtime Database  paths ending in .json, database chosen with ?ns=
                                          (devmtn-post, lambda-message-board)
              Airtable                    /v0/appIBfoNbzEaA72c2/Design%20projects
              Bankey                      /bankey/profile/{1|2|3} and .../accounts
              SooGreyhounds               /services/rest?method=...&api_key=...

            The first line printed is `Sandbox listening on http://HOST:PORT`; the lines after it \
            list each service's entry points. It runs until SIGINT (Ctrl-C) or SIGTERM, then stops \
            gracefully: requests in flight finish and open event streams end.

            Without --data-dir everything lives in memory and is gone at exit. With it, every \
            acknowledged write is in DIR/sandbox.sqlite before the answer is sent, and survives \
            even kill -9; --reset erases it and seeds the lessons' data again.

            Admin routes, for this machine only unless --allow-remote-admin, drive faults for tests: \
            GET /__sandbox/health, \
            POST/DELETE /__sandbox/faults, PUT /__sandbox/latency, GET/DELETE /__sandbox/requests.

            With --host 0.0.0.0 (for a phone on the same network) it warns what becomes reachable \
            and prints the URLs other devices use.

            Examples:
              sandbox --port 8080
              sandbox --port 8080 --host 0.0.0.0
              sandbox --data-dir .sandbox-data
              sandbox --data-dir .sandbox-data --reset --no-rate-limit

            Endpoints, from the emulators' route tables:
            """ + Self.endpointList
    )

    @Option(
        help: "The address to listen on. Loopback by default; 0.0.0.0 exposes the sandbox to the network (for a phone)."
    )
    var host = "127.0.0.1"

    @Flag(
        help: "Let other machines use the /__sandbox/ admin routes too (only with --host); they answer 403 otherwise.")
    var allowRemoteAdmin = false

    @Option(
        name: .customLong("admin-host"),
        help: ArgumentHelp(
            "Another host name the admin routes and the console answer to, besides localhost, loopback addresses "
                + "and the sandbox's own (repeatable).", valueName: "NAME"))
    var adminHosts: [String] = []

    @Option(help: "The port to listen on; 0 picks a free one, printed at start.")
    var port = 0

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp("Keep data durably in DIR/sandbox.sqlite; without it, in memory.", valueName: "DIR"),
        completion: .directory
    )
    var dataDirectory: String?

    @Flag(help: "Erase the stored data and seed the lessons' data again.")
    var reset = false

    @Option(
        help: ArgumentHelp(
            "Firebase's database secret: with ?auth=SECRET a request is an administrator's (rules bypassed); "
                + "databases without rules of their own start locked.", valueName: "SECRET"))
    var authSecret: String?

    @Option(
        help: ArgumentHelp(
            "The Firebase project the Auth emulator issues ID tokens for (their aud and iss), as the Admin SDKs "
                + "check them: the projectId an app's Admin SDK is set up with.", valueName: "ID"))
    var project = "sandbox"

    @Option(
        name: .customLong("rules"),
        help: ArgumentHelp(
            "A Firebase rules file (database.rules.json, comments allowed) for every database, or NAMESPACE=FILE "
                + "for one; the latter replaces rules saved earlier (repeatable).", valueName: "FILE"),
        completion: .file())
    var rulesFiles: [String] = []

    @Option(
        name: .customLong("keep-alive"),
        help: ArgumentHelp("Seconds between keep-alive events on Firebase streams (default 30).", valueName: "SECONDS"))
    var keepAlive: Double?

    @Option(
        help: ArgumentHelp(
            "The largest request body any emulator accepts (default: Firebase 16 MiB, Airtable 2 MiB).",
            valueName: "BYTES"))
    var maxBodySize: Int?

    @Option(
        name: .customLong("airtable-token"),
        help: ArgumentHelp(
            "An Airtable token to accept as Bearer (repeatable); replaces the printed default token.",
            valueName: "TOKEN"))
    var airtableTokens: [String] = []

    @Option(
        name: .customLong("airtable-base"),
        help: ArgumentHelp(
            "An Airtable base to load, in the metadata API's JSON (id, name, tables with fields, views and "
                + "optional records); ids are kept and it replaces a stored base of the same id (repeatable).",
            valueName: "FILE"),
        completion: .file())
    var airtableBaseFiles: [String] = []

    @Flag(
        help:
            "Let Airtable webhooks ping hosts other than this machine (off: webhooks with other URLs are kept, their pings not sent)."
    )
    var airtableRemoteWebhooks = false

    @Flag(help: "Accept Airtable's legacy ?api_key= (retired on the real service on 2024-02-01).")
    var airtableLegacyApiKey = false

    @Flag(help: "Turn off Airtable's 5 requests per second per base limit.")
    var noRateLimit = false

    @Option(
        name: .customLong("soogreyhounds-api-key"),
        help: ArgumentHelp(
            "A SooGreyhounds api_key to accept (repeatable); replaces the lesson's key.", valueName: "KEY"))
    var soogreyhoundsAPIKeys: [String] = []

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp(
            "Load an export folder at start (the Firebase CLI's emulators:export layout, or the Sandbox's own): "
                + "Firebase databases, rules and Auth users, Airtable bases, SooGreyhounds uploads.", valueName: "DIR"),
        completion: .directory)
    var importDirectory: String?

    @Option(
        name: .customLong("export-on-exit"),
        help: ArgumentHelp(
            "Write every service's data to this folder when stopping, Firebase's in the Firebase CLI's export "
                + "layout (POST /__sandbox/export writes one at any time).", valueName: "DIR"),
        completion: .directory)
    var exportDirectory: String?

    @Flag(help: "Stop when standard input closes, so a supervisor or test harness that dies takes the sandbox along.")
    var stopWhenStdinCloses = false

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535.")
        }
        if let keepAlive, !(keepAlive > 0 && keepAlive <= 86_400) {
            throw ValidationError("--keep-alive must be a number of seconds above 0 (at most a day).")
        }
        if let maxBodySize, maxBodySize < 0 {
            throw ValidationError("--max-body-size must not be negative.")
        }
        if airtableTokens.contains(where: \.isEmpty) || soogreyhoundsAPIKeys.contains(where: \.isEmpty) {
            throw ValidationError("Tokens and API keys must not be empty.")
        }
    }

    func run() async throws {
        let signals = TerminationSignals(watchingStandardInput: stopWhenStdinCloses)
        let serverOptions = try options()
        let server = try await SandboxServer.start(serverOptions)
        if let importDirectory {
            do {
                try await SandboxExport(folder: URL(fileURLWithPath: importDirectory, isDirectory: true))
                    .read(into: server.sandbox)
            } catch {
                await server.stop()
                throw ValidationError("--import \(importDirectory): \(error)")
            }
        }
        let banner = StartupBanner(server: server, options: serverOptions)
        Self.write(banner.text, to: .standardOutput)
        let reason = await signals.next()
        Self.write("Stopping the sandbox (\(reason))…\n")
        await server.stop()
        withExtendedLifetime(signals) {}
        if let exportDirectory {
            let folder = URL(fileURLWithPath: exportDirectory, isDirectory: true).standardizedFileURL
            do {
                try await SandboxExport(folder: folder).write(server.sandbox)
                Self.write("Exported to \(folder.path)\n")
            } catch {
                // The session's data is lost with the process: say so, and
                // exit non-zero so a script or supervisor sees it.
                Self.write(
                    "The export to \(folder.path) failed, and what was there is kept: \(error). "
                        + "This session's changes are not saved.\n")
                throw ExitCode(1)
            }
        }
    }

    /// Writes `text` to `handle` (standard error unless told). A write that
    /// fails is dropped: `FileHandle.write(_:)` traps on one, and the
    /// command must stop cleanly even when its output is closed.
    private static func write(_ text: String, to handle: FileHandle = .standardError) {
        try? handle.write(contentsOf: Data(text.utf8))
    }

    /// The server options the flags describe, with the rules files read.
    func options() throws -> SandboxServerOptions {
        var configuration = SandboxConfiguration(reset: reset)
        configuration.firebase.authSecret = authSecret
        configuration.firebaseAuth.projectId = project
        for argument in rulesFiles {
            let parts = argument.split(separator: "=", maxSplits: 1)
            // A path may hold `=`; only a namespace's characters before it make it NAMESPACE=FILE.
            let isNamed =
                parts.count == 2 && !parts[0].isEmpty
                && parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            let path = isNamed ? String(parts[1]) : argument
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw ValidationError("--rules: cannot read \(path): \(error.localizedDescription)")
            }
            if isNamed {
                configuration.firebase.namespaceRules[String(parts[0])] = text
            } else {
                configuration.firebase.rules = text
            }
        }
        if let keepAlive {
            let milliseconds = Int64((keepAlive * 1000).rounded())  // safe: validate() caps it at a day
            configuration.firebase.keepAliveInterval = .milliseconds(milliseconds)
        }
        if let maxBodySize {
            configuration.firebase.maxBodySize = maxBodySize
            configuration.airtable.maxBodySize = maxBodySize
        }
        if !airtableTokens.isEmpty {
            configuration.airtable.tokens = Set(airtableTokens)
        }
        for path in airtableBaseFiles {
            do {
                configuration.airtable.bases.append(try String(contentsOfFile: path, encoding: .utf8))
            } catch {
                throw ValidationError("--airtable-base: cannot read \(path): \(error.localizedDescription)")
            }
        }
        configuration.airtable.acceptsLegacyAPIKey = airtableLegacyApiKey
        configuration.airtable.allowsRemoteWebhooks = airtableRemoteWebhooks
        configuration.airtable.rateLimitEnabled = !noRateLimit
        if !soogreyhoundsAPIKeys.isEmpty {
            configuration.soogreyhounds.apiKeys = Set(soogreyhoundsAPIKeys)
        }
        return SandboxServerOptions(
            host: host,
            port: port,
            dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
            configuration: configuration,
            allowsRemoteAdmin: allowRemoteAdmin,
            adminHosts: adminHosts
        )
    }
}
