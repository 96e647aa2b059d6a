import Foundation
import Networking
import Testing

@testable import Sandbox

/// Export and import in the layout of Firebase's emulators.
@Suite("Export and import in the Firebase emulators' layout")
struct SandboxExportTests {
    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "sandbox-export-\(UUID().uuidString)")
    }

    static func admin(_ sandbox: Sandbox, _ method: String, _ target: String, _ body: String = "") async
        -> SandboxResponse
    {
        await sandbox.respond(
            to: SandboxRequest(method, target, headers: ["Authorization": "Bearer owner"], body: Data(body.utf8)))
    }

    static func signIn(_ sandbox: Sandbox, _ email: String, _ password: String) async -> SandboxResponse {
        await sandbox.respond(
            to: SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k",
                body: JSON.object(["email": .string(email), "password": .string(password)]).serialized()))
    }

    @Test("Sandbox → export → a fresh Sandbox's import: the same data, rules and users")
    func roundTrip() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await Sandbox()
        _ = await Self.admin(first, "PUT", "/things.json?ns=mine", #"{"a": {".value": 1, ".priority": 5}, "b": "two"}"#)
        let rules = #"{"rules": {".read": true, "things": {".write": "auth != null"}}}"#
        #expect(await Self.admin(first, "PUT", "/.settings/rules.json?ns=mine", rules).status == 200)
        let signUp = await first.respond(
            to: SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                body: Data(#"{"email":"ada@example.com","password":"correct horse"}"#.utf8)))
        let uid = try #require(signUp.bodyJSON["localId"]?.stringValue)
        _ = await first.firebaseAuth.answer(
            SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/p/accounts:update",
                headers: ["Authorization": "Bearer owner"],
                body: Data(#"{"localId":"\#(uid)","customAttributes":"{\"admin\":true}"}"#.utf8)))
        try await SandboxExport(folder: folder).write(first)

        let second = try await Sandbox()
        try await SandboxExport(folder: folder).read(into: second)
        for namespace in await first.firebase.namespaces {
            let before = await Self.admin(first, "GET", "/.json?ns=\(namespace)&format=export").bodyJSON
            let after = await Self.admin(second, "GET", "/.json?ns=\(namespace)&format=export").bodyJSON
            #expect(before == after, "\(namespace)")
        }
        #expect(await Self.admin(second, "GET", "/.settings/rules.json?ns=mine").bodyText == rules)
        let exportedBefore = await first.firebaseAuth.exportedAccounts
        let exportedAfter = await second.firebaseAuth.exportedAccounts
        #expect(exportedBefore == exportedAfter, "\(exportedBefore)\n\(exportedAfter)")
        #expect(await Self.signIn(second, "ada@example.com", "correct horse").status == 200)
        let text = try String(contentsOf: folder.appending(path: "auth_export/accounts.json"), encoding: .utf8)
        #expect(!text.contains("correct horse"))
    }

    static func airtable(_ sandbox: Sandbox, _ method: String, _ target: String, _ body: String = "") async
        -> SandboxResponse
    {
        await sandbox.respond(
            to: SandboxRequest(
                method, target,
                headers: [
                    "Authorization": "Bearer \(AirtableEmulator.Configuration.defaultToken)",
                    "Content-Type": "application/json",
                ],
                body: Data(body.utf8)))
    }

    @Test("Airtable's records, comments, webhooks and attachments and SooGreyhounds' uploads come back from an export")
    func otherAPIsRoundTrip() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await Sandbox()
        let table = "/v0/appIBfoNbzEaA72c2/Design%20projects"
        let created = await Self.airtable(first, "POST", table, #"{"fields":{"Name":"Exported project"}}"#)
        let record = try #require(created.bodyJSON["id"]?.stringValue, "\(created.bodyText)")
        let comment = await Self.airtable(first, "POST", "\(table)/\(record)/comments", #"{"text":"Keep me"}"#)
        #expect(comment.status == 200)
        let hook = await Self.airtable(
            first, "POST", "/v0/bases/appIBfoNbzEaA72c2/webhooks",
            #"{"specification":{"options":{"filters":{"dataTypes":["tableData"]}}}}"#)
        let webhook = try #require(hook.bodyJSON["id"]?.stringValue, "\(hook.bodyText)")
        let bytes = Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let attached = await Self.airtable(
            first, "POST", "/v0/appIBfoNbzEaA72c2/\(record)/Project%20images/uploadAttachment",
            #"{"contentType":"application/octet-stream","filename":"plan.bin","file":"\#(bytes.base64EncodedString())"}"#
        )
        let attachmentURL = try #require(
            attached.bodyJSON["fields"]?.objectValue?.values.first?[0]?["url"]?.stringValue, "\(attached.bodyText)")

        let original = await first.respond(to: SandboxRequest("GET", "/images/DeMeo_J17_2595.jpg"))
        #expect(original.status == 200)
        let photo = original.data
        var form = MultipartForm()
        form.append(SooGreyhoundsEmulator.Configuration.lessonAPIKey, name: "api_key")
        form.append("From the export", name: "title")
        form.append(photo, name: "photo", filename: "dog.jpg", contentType: "image/jpeg")
        let upload = await first.respond(
            to: SandboxRequest(
                "POST", "/services/upload/", headers: ["Content-Type": form.contentType],
                body: try await form.body.collect(upTo: 1 << 24)))
        let photoID = try #require(
            upload.bodyText.components(separatedBy: "<photoid>").dropFirst().first?.components(separatedBy: "<").first)
        try await SandboxExport(folder: folder).write(first)

        let second = try await Sandbox()
        try await SandboxExport(folder: folder).read(into: second)
        // Importing the same folder again changes nothing.
        try await SandboxExport(folder: folder).read(into: second)
        let restored = await Self.airtable(second, "GET", "\(table)/\(record)")
        #expect(restored.bodyJSON["fields"]?["Name"] == "Exported project")
        let comments = await Self.airtable(second, "GET", "\(table)/\(record)/comments")
        #expect(comments.bodyJSON["comments"]?[0]?["text"] == "Keep me")
        let hooks = await Self.airtable(second, "GET", "/v0/bases/appIBfoNbzEaA72c2/webhooks")
        #expect(hooks.bodyJSON["webhooks"]?[0]?["id"]?.stringValue == webhook)
        let path = try #require(URL(string: attachmentURL)?.path)
        #expect(await second.respond(to: SandboxRequest("GET", path)).data == bytes)
        let image = await second.respond(to: SandboxRequest("GET", "/images/\(photoID).jpg"))
        #expect(image.status == 200 && image.data == photo)
        let list = await second.respond(
            to: SandboxRequest(
                "GET",
                "/services/rest?method=soogreyhounds.photos.getList&format=json&nojsoncallback=1&api_key="
                    + SooGreyhoundsEmulator.Configuration.lessonAPIKey))
        #expect(list.bodyText.contains("From the export"))
        // A new upload does not reuse the imported photo's id.
        let again = await second.respond(
            to: SandboxRequest(
                "POST", "/services/upload/", headers: ["Content-Type": form.contentType],
                body: try await form.body.collect(upTo: 1 << 24)))
        #expect(again.bodyText.contains("<photoid>") && !again.bodyText.contains("<photoid>\(photoID)<"))
    }

    @Test("An export's Airtable or SooGreyhounds file that cannot be read fails the import, naming it")
    func unreadableOtherFiles() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SandboxExport(folder: folder).write(try await Sandbox())
        let listing = folder.appending(path: "sandbox_export/soogreyhounds/uploads.json")
        try Data(#"{"photos":[{"id":"100001","file":"../../etc/passwd","lastModified":0}]}"#.utf8).write(to: listing)
        await #expect(throws: SandboxExport.Failure.self) {
            try await SandboxExport(folder: folder).read(into: try await Sandbox())
        }
        try FileManager.default.removeItem(at: listing)
        let base = folder.appending(path: "sandbox_export/airtable/bases/appIBfoNbzEaA72c2.json")
        try Data("not json".utf8).write(to: base)
        do {
            try await SandboxExport(folder: folder).read(into: try await Sandbox())
            Issue.record("A broken base was imported")
        } catch let failure as SandboxExport.Failure {
            #expect(failure.description.contains("airtable/bases/appIBfoNbzEaA72c2.json"))
        }
    }

    @Test("The folder's names and metadata fields are the Firebase CLI's, as in a fixture written from its source")
    func layout() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SandboxExport(folder: folder).write(try await Sandbox())
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/firebase-export", withExtension: nil))
        let ours = try JSON.parse(Data(contentsOf: folder.appending(path: SandboxExport.metadataFile)))
        let theirs = try JSON.parse(Data(contentsOf: fixture.appending(path: "firebase-export-metadata.json")))
        for key in ["database", "auth"] {
            #expect(ours[key]?["path"] == theirs[key]?["path"])
            #expect(Set(ours[key]?.objectValue?.keys ?? [:].keys) == Set(theirs[key]?.objectValue?.keys ?? [:].keys))
        }
        #expect(ours["version"]?.stringValue != nil)
        for file in ["auth_export/accounts.json", "auth_export/config.json", "database_export/devmtn-post.json"] {
            #expect(FileManager.default.fileExists(atPath: folder.appending(path: file).path), "\(file)")
        }
        let accounts = try JSON.parse(Data(contentsOf: folder.appending(path: "auth_export/accounts.json")))
        #expect(accounts["kind"] == "identitytoolkit#DownloadAccountResponse")
        let config = try JSON.parse(Data(contentsOf: folder.appending(path: "auth_export/config.json")))
        #expect(config["signIn"]?["allowDuplicateEmails"] == false)
    }

    @Test("A folder as Firebase's official emulator exports it imports cleanly: data, priorities, users, passwords")
    func officialExport() async throws {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/firebase-export", withExtension: nil))
        let sandbox = try await Sandbox()
        try await SandboxExport(folder: fixture).read(into: sandbox)
        let posts = await Self.admin(sandbox, "GET", "/posts.json?ns=demo-feed&format=export").bodyJSON
        #expect(posts["-OfficialA"]?["username"] == "Ada")
        #expect(posts["-OfficialB"]?[".priority"] == 2)
        #expect(await sandbox.firebaseAuth.accountCount == 2)
        let signedIn = await Self.signIn(sandbox, "ada@example.com", "correct horse")
        #expect(signedIn.status == 200)
        let token = try #require(signedIn.bodyJSON["idToken"]?.stringValue)
        let payload = try #require(token.split(separator: ".").dropFirst().first)
        var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let claims = try JSON.parse(try #require(Data(base64Encoded: base64)))
        #expect(claims["admin"] == true)
        #expect(claims["user_id"] == "ZVpEarVxDyq3BcdQp4HkgbKbE4GT")
    }

    @Test("A folder that is not an export is a clear error, and nothing is changed")
    func notAnExport() async throws {
        let folder = Self.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sandbox = try await Sandbox()
        await #expect(throws: SandboxExport.Failure.self) {
            try await SandboxExport(folder: folder).read(into: sandbox)
        }
        try Data("{not json".utf8).write(to: folder.appending(path: SandboxExport.metadataFile))
        await #expect(throws: SandboxExport.Failure.self) {
            try await SandboxExport(folder: folder).read(into: sandbox)
        }
    }
}
