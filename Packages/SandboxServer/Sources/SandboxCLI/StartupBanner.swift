import Foundation
import Sandbox
import SandboxServer

/// What `sandbox` prints at start: first exactly `Sandbox listening on URL`
/// (tools wait for that line), then each service's entry points.
///
/// Credentials given on the command line are never echoed; the built-in
/// defaults (the sandbox's Airtable token and the lesson's SooGreyhounds
/// key) are not secrets, and printing them is what lets a learner start.
struct StartupBanner {
    /// The Firebase databases seeded with lesson data.
    static let firebaseNamespaces = ["devmtn-post", "lambda-message-board"]
    /// The Airtable base and table of lesson 1.
    static let airtableBase = "appIBfoNbzEaA72c2"
    static let airtableTable = "Design%20projects"

    let server: SandboxServer
    let options: SandboxServerOptions

    /// What a database's rules are before anyone changes them.
    private static func rulesSummary(_ firebase: FirebaseEmulator.Configuration) -> String {
        var summary =
            firebase.rules != nil
            ? "from --rules"
            : firebase.authSecret == nil
                ? "open, like the lessons' public databases" : "locked: only ?auth=<the --auth-secret> gets in"
        if !firebase.namespaceRules.isEmpty {
            summary += "; own rules for " + firebase.namespaceRules.keys.sorted().joined(separator: ", ")
        }
        return summary
    }

    var text: String {
        let base = server.baseURL.absoluteString
        let configuration = options.configuration
        var lines = ["Sandbox listening on \(base)"]
        let exposure = NetworkExposure(host: options.host, port: server.port)
        if let warning = exposure.warning(allowsRemoteAdmin: options.allowsRemoteAdmin) {
            lines.append(warning)
            lines.append(
                "From a phone or another machine on this network: "
                    + (exposure.deviceURLs.isEmpty
                        ? "no network address found"
                        : exposure.deviceURLs.map(\.absoluteString).joined(separator: ", ")))
        }

        lines.append(
            "Console (\(options.allowsRemoteAdmin ? "any machine" : "this machine only")): "
                + server.consoleURL.absoluteString)

        let auth = configuration.firebase.authSecret == nil ? "" : "&auth=<secret>"
        lines += [
            "Firebase Realtime Database: namespaces \(Self.firebaseNamespaces.joined(separator: ", ")) (choose with ?ns=)",
            "  Posts:          \(base)/posts.json?ns=devmtn-post\(auth)",
            "  Message Board:  \(base)/.json?ns=lambda-message-board\(auth)",
            "  Stream:         curl -N -H 'Accept: text/event-stream' '\(base)/posts.json?ns=devmtn-post\(auth)'",
            "  Rules:          " + Self.rulesSummary(configuration.firebase),
            "                  read and replace with GET/PUT \(base)/.settings/rules.json?ns=NAME "
                + "(Authorization: Bearer \(configuration.firebase.authSecret == nil ? "owner" : "<secret>"))",
        ]

        lines += [
            "Firebase Authentication (project \(configuration.firebaseAuth.projectId)):",
            "  Sign up:        POST \(base)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any",
            "  Admin SDKs:     FIREBASE_AUTH_EMULATOR_HOST=\(server.baseURL.host ?? "127.0.0.1"):\(server.port)",
            "  Email codes:    \(base)/emulator/v1/projects/\(configuration.firebaseAuth.projectId)/oobCodes",
        ]

        let defaultToken = AirtableEmulator.Configuration.defaultToken
        let token =
            configuration.airtable.tokens == [defaultToken]
            ? "Authorization: Bearer \(defaultToken)"
            : "Authorization: Bearer <a token given with --airtable-token>"
        lines += [
            "Airtable:",
            "  Base:           \(base)/v0/\(Self.airtableBase)/\(Self.airtableTable)",
            "  Token:          \(token)",
            "  Legacy api_key: "
                + (configuration.airtable.acceptsLegacyAPIKey ? "accepted" : "rejected, as on Airtable"),
            "  Rate limit:     " + (configuration.airtable.rateLimitEnabled ? "5 requests per second per base" : "off"),
        ]

        lines += [
            "Bankey:",
            "  Profile:        \(base)/bankey/profile/1",
            "  Accounts:       \(base)/bankey/profile/1/accounts",
        ]

        let lessonKey = SooGreyhoundsEmulator.Configuration.lessonAPIKey
        let apiKey =
            configuration.soogreyhounds.apiKeys == [lessonKey]
            ? lessonKey : "<a key given with --soogreyhounds-api-key>"
        lines += [
            "SooGreyhounds:",
            "  Latest photos:  \(base)/services/rest?method=soogreyhounds.photos.getList&api_key=\(apiKey)"
                + "&format=json&nojsoncallback=1&extras=date_taken,url_h",
        ]

        let storage =
            options.dataDirectory.map { "\($0.appendingPathComponent(SQLiteStorage.fileName).path) (durable)" }
            ?? "in memory (use --data-dir DIR to keep it)"
        let counts = Sandbox.endpoints.map { "\($0.endpoints.count) \($0.service)" }
        lines += [
            "Endpoints:        " + counts.joined(separator: ", ") + " (sandbox --help and the console list them)",
            "Data:             \(storage)",
            "Admin (\(options.allowsRemoteAdmin ? "any machine" : "this machine only")): "
                + "\(base)/__sandbox/health",
            "Press Ctrl-C to stop.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
