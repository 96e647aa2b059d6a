import Foundation
import Networking
import Sandbox
import Testing

@testable import SandboxServer

/// `sandbox --export-on-exit` and `--import`, and `POST /__sandbox/export`,
/// on the real command.
@Suite("The sandbox command: export on exit, import at start, export now")
struct ExportCommandTests {
    @Test("What one run writes (data, rules, users) is exported on exit and imported by the next run")
    func exportThenImport() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "sandbox-cli-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await SandboxProcess.launch(["--export-on-exit", folder.path])
        let owner = ["Authorization": "Bearer owner"]
        let put = try await AirtableHTTP.send(
            first.baseURL, "PUT", "/notes/a.json?ns=exported", json: #""kept""#, token: nil)
        #expect(put.status == 200)
        let rules = #"{"rules": {".read": true, ".write": "auth != null"}}"#
        let setRules = try await AirtableHTTP.send(
            first.baseURL, "PUT", "/.settings/rules.json?ns=exported", json: rules, token: nil, headers: owner)
        #expect(setRules.status == 200)
        let signUp = try await AirtableHTTP.send(
            first.baseURL, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            json: #"{"email":"ada@example.com","password":"correct horse"}"#, token: nil)
        #expect(signUp.status == 200)
        // Airtable and SooGreyhounds are in the export too.
        let table = "/v0/appIBfoNbzEaA72c2/Design%20projects"
        let created = try await AirtableHTTP.send(first.baseURL, "POST", table, json: #"{"fields":{"Name":"Carried"}}"#)
        let record = try #require((try? JSON.parse(created.body))?["id"]?.stringValue, "\(created.text)")
        let comment = try await AirtableHTTP.send(
            first.baseURL, "POST", "\(table)/\(record)/comments", json: #"{"text":"Keep me"}"#)
        #expect(comment.status == 200)
        let uploads = NetworkClient(baseURL: first.baseURL)
        let photo = try await uploads.send(NetworkRequest<Data>.get("images/DeMeo_J17_2595.jpg"))
        var form = MultipartForm()
        form.append("a6d819499131071f158fd740860a5a88", name: "api_key")
        form.append("Carried over", name: "title")
        form.append(photo, name: "photo", filename: "dog.jpg", contentType: "image/jpeg")
        let answer = try await uploads.send(NetworkRequest<Data>.post("services/upload/").multipart(form))
        let photoID = try #require(
            String(decoding: answer, as: UTF8.self).components(separatedBy: "<photoid>").dropFirst().first?
                .components(separatedBy: "<").first)
        let now = folder.deletingLastPathComponent().appending(path: folder.lastPathComponent + "-now")
        defer { try? FileManager.default.removeItem(at: now) }
        let exportNow = try await AirtableHTTP.send(
            first.baseURL, "POST", "/__sandbox/export", json: #"{"path":"\#(now.path)"}"#, token: nil)
        #expect(exportNow.status == 200)
        #expect(FileManager.default.fileExists(atPath: now.appending(path: "firebase-export-metadata.json").path))
        #expect(await first.terminate() == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "auth_export/accounts.json").path))

        let second = try await SandboxProcess.launch(["--import", folder.path])
        let note = try await AirtableHTTP.send(second.baseURL, "GET", "/notes/a.json?ns=exported", token: nil)
        #expect(note.text == #""kept""#)
        let readRules = try await AirtableHTTP.send(
            second.baseURL, "GET", "/.settings/rules.json?ns=exported", token: nil, headers: owner)
        #expect(readRules.text == rules)
        let signIn = try await AirtableHTTP.send(
            second.baseURL, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k",
            json: #"{"email":"ada@example.com","password":"correct horse"}"#, token: nil)
        #expect(signIn.status == 200)
        let carried = try await AirtableHTTP.send(second.baseURL, "GET", "\(table)/\(record)")
        #expect((try? JSON.parse(carried.body))?["fields"]?["Name"] == "Carried")
        let comments = try await AirtableHTTP.send(second.baseURL, "GET", "\(table)/\(record)/comments")
        #expect((try? JSON.parse(comments.body))?["comments"]?[0]?["text"] == "Keep me")
        let image = try await NetworkClient(baseURL: second.baseURL).send(
            NetworkRequest<Data>.get("images/\(photoID).jpg"))
        #expect(image == photo)
        _ = await second.terminate()

        let missing = try? await SandboxProcess.launch(["--import", folder.path + "-missing"], timeout: .seconds(30))
        #expect(missing == nil)
    }

    @Test("With --data-dir, an answered sign-up survives SIGKILL, and so does an update")
    func accountsSurviveKill() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "sandbox-auth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await SandboxProcess.launch(["--data-dir", directory.path])
        var ids: [String] = []
        for index in 0..<5 {
            let signUp = try await AirtableHTTP.send(
                first.baseURL, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                json: #"{"email":"user\#(index)@example.com","password":"correct horse"}"#, token: nil)
            #expect(signUp.status == 200)
            ids += signUp.bodyJSON["localId"]?.stringValue.map { [$0] } ?? []
        }
        let disable = try await AirtableHTTP.send(
            first.baseURL, "POST", "/identitytoolkit.googleapis.com/v1/projects/p/accounts:update",
            json: #"{"localId":"\#(ids.first ?? "")","disableUser":true}"#, token: "owner")
        #expect(disable.status == 200)
        #expect(await first.kill() == SIGKILL)
        let second = try await SandboxProcess.launch(["--data-dir", directory.path])
        for index in 0..<5 {
            let signIn = try await AirtableHTTP.send(
                second.baseURL, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k",
                json: #"{"email":"user\#(index)@example.com","password":"correct horse"}"#, token: nil)
            #expect(signIn.status == (index == 0 ? 400 : 200))
            if index == 0 { #expect(signIn.bodyJSON["error"]?["message"] == "USER_DISABLED") }
        }
        _ = await second.terminate()
    }

    @Test("--import and --export-on-exit on one folder, across SIGINT, keep every write of each session")
    func importAndExportOneFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "sandbox-cli-same-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = try await SandboxProcess.launch(["--export-on-exit", folder.path])
        #expect(try await Self.put("first", at: "a", on: seed) == 200)
        #expect(await seed.kill(signal: SIGINT) == 0)
        for (session, key) in [("second", "b"), ("third", "c")] {
            let running = try await SandboxProcess.launch(["--import", folder.path, "--export-on-exit", folder.path])
            #expect(try await Self.put(session, at: key, on: running) == 200)
            #expect(await running.kill(signal: SIGINT) == 0, "\(running.errorOutput)")
            #expect(running.errorOutput.contains("Exported to \(folder.standardizedFileURL.path)"))
        }
        let last = try await SandboxProcess.launch(["--import", folder.path])
        let notes = try await AirtableHTTP.send(last.baseURL, "GET", "/notes.json?ns=kept", token: nil)
        #expect(notes.bodyJSON == ["a": "first", "b": "second", "c": "third"])
        _ = await last.terminate()
        let beside = try FileManager.default.contentsOfDirectory(
            atPath: folder.deletingLastPathComponent().path
        ).filter { $0.hasPrefix(".\(folder.lastPathComponent).") }
        #expect(beside == [])
    }

    @Test("An export on exit that fails says so and exits non-zero; POST /__sandbox/export answers where it wrote")
    func failedExportOnExit() async throws {
        let parent = FileManager.default.temporaryDirectory.appending(path: "sandbox-cli-fail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let file = parent.appending(path: "a-file")
        try Data("keep".utf8).write(to: file)
        let target = file.appending(path: "export")
        let sandbox = try await SandboxProcess.launch(["--export-on-exit", target.path])
        #expect(try await Self.put("lost", at: "a", on: sandbox) == 200)

        let now = parent.appending(path: "now")
        for _ in 0..<2 {
            let answer = try await AirtableHTTP.send(
                sandbox.baseURL, "POST", "/__sandbox/export", json: #"{"path":"\#(now.path)"}"#, token: nil)
            #expect(answer.status == 200)
            #expect(answer.bodyJSON == ["status": "ok", "path": .string(now.path)])
        }
        let refused = try await AirtableHTTP.send(
            sandbox.baseURL, "POST", "/__sandbox/export", json: #"{"path":"\#(target.path)"}"#, token: nil)
        #expect(refused.status == 500)
        let message = refused.bodyJSON["error"]?.stringValue ?? ""
        #expect(message.hasPrefix("The export to \(target.path) failed, and what was there is kept: "), "\(message)")
        #expect(message.hasSuffix(": not a directory"), "\(message)")

        let status = await sandbox.kill(signal: SIGINT)
        #expect(status != nil && status != 0)
        #expect(sandbox.errorOutput.contains("The export to \(target.path) failed"), "\(sandbox.errorOutput)")
        #expect(sandbox.errorOutput.contains("This session's changes are not saved."))
        #expect(try Data(contentsOf: file) == Data("keep".utf8))
    }

    /// PUTs a string into the `kept` namespace's notes; the status.
    private static func put(_ text: String, at key: String, on sandbox: SandboxProcess) async throws -> Int {
        try await AirtableHTTP.send(
            sandbox.baseURL, "PUT", "/notes/\(key).json?ns=kept", json: "\"\(text)\"", token: nil
        ).status
    }
}
