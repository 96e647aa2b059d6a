import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// Attachments given by URL over HTTP: Airtable downloads the file after the
/// write and the attachment gains its `size`, `type`, `width` and `height`;
/// the Sandbox does so for URLs on this machine (here a second sandbox
/// serving a PNG) and calls no other host.
@Suite("Airtable attachments given by URL: downloaded from this machine, as Airtable downloads them")
struct AirtableAttachmentHTTPTests {
    @Test("One on this machine gains its size, type, width and height; one elsewhere keeps its URL and filename only")
    func download() async throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0] + Array(repeating: 7, count: 100)
        try await AirtableHTTP.withServer { files in
            try files.sandbox.faults.inject(
                Fault(
                    path: "/bankey/*", count: 5,
                    action: .respond(status: 200, headers: ["Content-Type": "image/png"], body: Data(png))))
            try await AirtableHTTP.withServer { server in
                let here = files.baseURL.absoluteString + "/bankey/logo.png"
                let elsewhere = "https://example.com/elsewhere.png"
                let created = try await AirtableHTTP.send(
                    server.baseURL, "POST", AirtableHTTP.table,
                    json:
                        #"{"fields": {"Name": "Files", "Project images": [{"url": "\#(here)"}, {"url": "\#(elsewhere)"}]}}"#
                )
                #expect(created.status == 200, "\(created.text)")
                let record = try JSON.parse(created.body)
                let id = record["id"]?.stringValue ?? ""
                // The write's answer is Airtable's before the download.
                #expect(record["fields"]?["Project images"]?[0]?["size"] == nil)
                #expect(record["fields"]?["Project images"]?[0]?["filename"] == "logo.png")
                var images: JSON?
                // Up to a minute: a hang catcher, not a speed bound.
                let deadline = ContinuousClock.now + .seconds(300)
                while ContinuousClock.now < deadline {
                    let fetched = try await AirtableHTTP.send(server.baseURL, "GET", AirtableHTTP.table + "/\(id)")
                    images = try JSON.parse(fetched.body)["fields"]?["Project images"]
                    if images?[0]?["size"] != nil { break }
                    try await Task.sleep(for: .milliseconds(25))
                }
                let downloaded = images?[0]
                #expect(downloaded?["size"] == .number(Double(png.count)))
                #expect(downloaded?["type"] == "image/png")
                #expect(downloaded?["width"] == 3 && downloaded?["height"] == 2)
                #expect(downloaded?["url"] == .string(here) && downloaded?["filename"] == "logo.png")
                #expect(images?[1]?["size"] == nil && images?[1]?["type"] == nil)
                #expect(images?[1]?["url"] == .string(elsewhere))
                #expect(await files.sandbox.requests.all.filter { $0.path == "/bankey/logo.png" }.count == 1)
            }
        }
    }
}
