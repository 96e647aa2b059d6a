import AirtableClient
import AsyncHTTPClientTransport
import Foundation
import Models
import Networking
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The AirtableClient's metadata, comments, webhooks and upload calls over
/// real HTTP, on both transports, against a Sandbox with a base of its own
/// loaded from a schema file.
@Suite("AirtableClient beyond records over HTTP: schema, comments, webhooks, uploads", .timeLimit(.minutes(10)))
struct AirtableMetadataIntegrationTests {
    typealias Transport = TestTransport

    static let base = #"""
        {"id": "appClientTests001", "name": "Client tests", "tables": [{"id": "tblClientTests001", "name": "Notes",
          "fields": [{"id": "fldClientTitle001", "name": "Title", "type": "singleLineText"},
                     {"id": "fldClientFiles001", "name": "Files", "type": "multipleAttachments"}],
          "records": [{"id": "recClientNote0001", "fields": {"Title": "First"}}]}]}
        """#

    static func run(_ transport: Transport, _ body: (SandboxServer, AirtableClient) async throws -> Void) async throws {
        var options = SandboxServerOptions(port: 0)
        options.configuration.airtable.bases = [base]
        options.configuration.airtable.rateLimitEnabled = false
        try await SandboxServer.withServer(options) { server in
            let client = AirtableClient(
                configuration: AirtableClient.Configuration(
                    baseID: "appClientTests001", table: "Notes", token: AirtableEmulator.Configuration.defaultToken,
                    endpointURL: server.baseURL, rateLimit: AirtableRateLimitPolicy(requestsPerSecond: nil)),
                transport: transport.transport)
            try await body(server, client)
        }
    }

    @Test("whoami, bases, tables; create and rename a table and a field", arguments: Transport.allCases)
    func schema(_ transport: Transport) async throws {
        try await Self.run(transport) { _, client in
            let me = try await client.whoami()
            #expect(me.id.hasPrefix("usr"))
            #expect(try await client.bases().contains { $0.id == "appClientTests001" && $0.name == "Client tests" })
            let tables = try await client.tables()
            #expect(tables.first?.field("Title")?.id == "fldClientTitle001")
            let created = try await client.createTable(
                .init(
                    name: "Tasks",
                    fields: [
                        .init(name: "Name", type: "singleLineText"),
                        .init(name: "Points", type: "number", options: ["precision": 0]),
                    ]))
            #expect(created.fields.map(\.name) == ["Name", "Points"])
            let field = try await client.createField(.init(name: "Big", type: "checkbox"), inTable: created.id)
            #expect(field.type == "checkbox")
            // As Airtable's API, the metadata API creates no computed field.
            await #expect {
                try await client.createField(
                    .init(name: "Sum", type: "formula", options: ["formula": "{Points} > 5"]), inTable: created.id)
            } throws: { error in
                (error as? NetworkError)?.airtableError?.type.rawValue == "UNSUPPORTED_FIELD_TYPE_FOR_CREATE"
            }
            let renamed = try await client.updateField(field.id ?? "", inTable: created.id, name: "Large")
            #expect(renamed.name == "Large")
            let retitled = try await client.updateTable(created.id, name: "Chores", description: "to do")
            #expect(retitled.name == "Chores" && retitled.description == "to do")
            let row = try await client.table("Chores").create(["Name": "Dishes", "Large": true] as [String: JSON])
            #expect(row.fields["Large"] == true)
        }
    }

    @Test("Comments: add with a mention, list, edit, delete", arguments: Transport.allCases)
    func comments(_ transport: Transport) async throws {
        try await Self.run(transport) { _, client in
            let me = try await client.whoami().id
            let added = try await client.addComment("Look, @[\(me)]", toRecord: "recClientNote0001")
            #expect(added.mentioned[me]?.id == me)
            let reply = try await client.addComment("Seen", toRecord: "recClientNote0001", replyingTo: added.id)
            #expect(reply.parentCommentID == added.id)
            #expect(try await client.comments(onRecord: "recClientNote0001").map(\.text) == ["Seen", "Look, @[\(me)]"])
            let edited = try await client.updateComment(added.id, onRecord: "recClientNote0001", text: "Never mind")
            #expect(edited.mentioned.isEmpty && edited.lastUpdatedTime != nil)
            try await client.deleteComment(reply.id, onRecord: "recClientNote0001")
            #expect(try await client.comments(onRecord: "recClientNote0001").count == 1)
        }
    }

    @Test(
        "Webhooks: create, payloads with the cursor, notifications off, refresh, delete", arguments: Transport.allCases)
    func webhooks(_ transport: Transport) async throws {
        try await Self.run(transport) { server, client in
            let created = try await client.createWebhook(
                notificationURL: server.baseURL.appending(path: "hook"),
                specification: ["options": ["filters": ["dataTypes": ["tableData"]]]])
            #expect(!"\(created)".contains(created.macSecretBase64))
            _ = try await client.create(["Title": "Second"] as [String: JSON])
            _ = try await client.create(["Title": "Third"] as [String: JSON])
            let first = try await client.webhookPayloads(created.id, limit: 1)
            #expect(first.payloads.count == 1 && first.mightHaveMore && first.cursor == 2)
            let rest = try await client.webhookPayloads(created.id, from: first.cursor)
            #expect(rest.payloads.count == 1 && !rest.mightHaveMore)
            try await client.setWebhookNotifications(created.id, enabled: false)
            #expect(try await client.webhooks().first?.areNotificationsEnabled == false)
            #expect(try await client.refreshWebhook(created.id) != nil)
            // The ping the sandbox sent itself carries a MAC the client accepts.
            var ping: RecordedRequest?
            for _ in 0..<1_200 where ping == nil {  // up to a minute: a hang catcher, not a speed bound
                ping = await server.sandbox.requests.all.first { $0.path == "/hook" }
                if ping == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            let header = ping?.requestHeaders["X-Airtable-Content-MAC"] ?? ""
            let body = ping?.requestBody.prefix ?? Data()
            #expect(
                AirtableWebhookNotification.isAuthentic(
                    body: body, macHeader: header, macSecretBase64: created.macSecretBase64))
            #expect(
                !AirtableWebhookNotification.isAuthentic(
                    body: body + Data(" ".utf8), macHeader: header, macSecretBase64: created.macSecretBase64))
            try await client.deleteWebhook(created.id)
            #expect(try await client.webhooks().isEmpty)
        }
    }

    @Test("uploadAttachment stores the file and the record's field lists it", arguments: Transport.allCases)
    func upload(_ transport: Transport) async throws {
        try await Self.run(transport) { _, client in
            let bytes = Data((0..<2_000).map { UInt8($0 % 251) })
            let attachment = try await client.uploadAttachment(
                bytes, filename: "data.bin", contentType: "application/octet-stream", toRecord: "recClientNote0001",
                field: "Files")
            #expect(attachment.size == 2000 && attachment.filename == "data.bin")
            let (served, _) = try await URLSession.shared.data(from: attachment.url)
            #expect(served == bytes)
            // From a file: its type from its extension; the new one comes back.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()) plan.pdf")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data("%PDF-1.4 plan".utf8).write(to: file)
            let second = try await client.uploadAttachment(fileAt: file, toRecord: "recClientNote0001", field: "Files")
            #expect(second.type == "application/pdf" && second.size == 13 && second.id != attachment.id)
            // Over Airtable's 5 MB: refused before anything is sent.
            let big = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).bin")
            defer { try? FileManager.default.removeItem(at: big) }
            try Data(count: AirtableClient.maxUploadSize + 1).write(to: big)
            await #expect {
                _ = try await client.uploadAttachment(fileAt: big, toRecord: "recClientNote0001", field: "Files")
            } throws: { error in
                guard case .fileFailed(let failure) = error as? NetworkError else { return false }
                return failure.reason.contains("upload limit")
            }
        }
    }
}
