import Foundation
import Sandbox
import SandboxServer
import Testing

/// The official Firebase Admin SDK for Python (firebase-admin, from PyPI)
/// pointed at the Sandbox as its emulator with
/// `FIREBASE_DATABASE_EMULATOR_HOST`: rules through `/.settings/rules.json`,
/// `Permission denied` exactly where the rules deny for
/// `databaseAuthVariableOverride` of a uid and of `None`, and the rest of
/// what it does (queries, ETags, transactions, streams) as against the
/// official emulator. The script is `Tests/ThirdParty/firebase_admin_test.py`;
/// its `auth` module, with `FIREBASE_AUTH_EMULATOR_HOST`, runs
/// `Tests/ThirdParty/firebase_admin_auth_test.py`.
@Suite(
    "Third-party clients: the Firebase Admin SDK for Python against the Sandbox",
    .disabled(if: PythonClient.isSkipped, "SKIP_THIRD_PARTY_TESTS=1"))
struct FirebaseAdminSDKTests {
    @Test("Its own test script passes against a Sandbox started for it")
    func adminSDK() async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebase.seedsLessonData = false
        // The SDK closes a stream by waiting for its next event.
        options.configuration.firebase.keepAliveInterval = .milliseconds(500)
        try await SandboxServer.withServer(options) { server in
            let run = try await PythonClient.run(
                "firebase_admin_test.py",
                environment: ["FIREBASE_DATABASE_EMULATOR_HOST": "127.0.0.1:\(server.port)"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("Ran 5 tests"), "\(run.output)")
        }
    }

    @Test("Its auth module manages users, claims and tokens against the Sandbox as against the official Auth emulator")
    func authModule() async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.firebaseAuth.projectId = "demo-sandbox"
        try await SandboxServer.withServer(options) { server in
            let run = try await PythonClient.run(
                "firebase_admin_auth_test.py",
                environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:\(server.port)"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("Ran 19 tests"), "\(run.output)")
            #expect(run.output.contains("OK"), "\(run.output)")
        }
    }

    @Test("The Sandbox guide's Admin SDK example prints what it shows")
    func guideExample() async throws {
        let guide = try String(
            contentsOf: Repository.root.appending(path: "Docs/NetworkingLessons.docc/UsingTheSandbox.md"),
            encoding: .utf8)
        guard let start = guide.range(of: "```python\nimport os, firebase_admin"),
            let end = guide.range(of: "\n```", range: start.upperBound..<guide.endIndex)
        else {
            Issue.record("the guide has no Admin SDK example")
            return
        }
        let code = "import os, firebase_admin" + guide[start.upperBound..<end.lowerBound]
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let run = try await PythonClient.run(
                code: code.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)"))
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == "44", "\(run.output)")
        }
    }
}
