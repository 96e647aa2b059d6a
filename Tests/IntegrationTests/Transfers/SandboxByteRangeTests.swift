import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import SandboxServer
import SooGreyhoundsClient
import Testing

/// Every file the Sandbox serves (a catalogue image, an uploaded photo, an
/// Airtable attachment) honours byte ranges as file hosts do (RFC 9110),
/// in process and over HTTP alike, so resume can be tried offline.
@Suite("The Sandbox serves files with byte ranges")
struct SandboxByteRangeTests {
    enum Place: CaseIterable { case inProcess, overHTTP }

    /// The three kinds of file, each as an absolute URL on the Sandbox.
    struct Files {
        var image: URL
        var uploadedPhoto: URL
        var attachment: URL
        var all: [URL] { [image, uploadedPhoto, attachment] }
    }

    @Test("Range, If-Range, 416 and HEAD on every kind of file", arguments: Place.allCases)
    func ranges(_ place: Place) async throws {
        try await Self.withSandbox(place) { transport, files in
            for url in files.all {
                let whole = try await Self.get(url, transport)
                #expect(whole.status == 200 && whole.headers["Accept-Ranges"] == "bytes", "\(url)")
                let size = whole.body.count
                #expect(size > 100)
                let etag = try #require(whole.headers["ETag"], "\(url)")

                let first = try await Self.get(url, transport, ["Range": "bytes=0-99"])
                #expect(first.status == 206)
                #expect(first.body == whole.body.prefix(100))
                #expect(first.headers["Content-Range"] == "bytes 0-99/\(size)")

                let rest = try await Self.get(url, transport, ["Range": "bytes=100-", "If-Range": etag])
                #expect(rest.status == 206 && first.body + rest.body == whole.body)
                let tail = try await Self.get(url, transport, ["Range": "bytes=-10"])
                #expect(tail.status == 206 && tail.body == whole.body.suffix(10))
                #expect(tail.headers["Content-Range"] == "bytes \(size - 10)-\(size - 1)/\(size)")

                let stale = try await Self.get(url, transport, ["Range": "bytes=0-99", "If-Range": "\"stale\""])
                #expect(stale.status == 200 && stale.body == whole.body)
                let weak = try await Self.get(url, transport, ["Range": "bytes=0-99", "If-Range": "W/\(etag)"])
                #expect(weak.status == 200)

                let past = try await Self.get(url, transport, ["Range": "bytes=\(size)-"])
                #expect(past.status == 416 && past.headers["Content-Range"] == "bytes */\(size)")
                let several = try await Self.get(url, transport, ["Range": "bytes=0-1,5-6"])
                #expect(several.status == 200 && several.body == whole.body)
                let huge = try await Self.get(url, transport, ["Range": "bytes=0-99999999999999999999999"])
                #expect(huge.status == 206 && huge.body == whole.body)

                let head = try await transport.send(
                    TransportRequest(method: .head, url: url, headers: ["Range": "bytes=0-99"]))
                #expect(head.status == 200 && head.body.isEmpty && head.headers["Content-Length"] == "\(size)")
                let revalidated = try await Self.get(url, transport, ["If-None-Match": etag])
                #expect(revalidated.status == 304)
            }
        }
    }

    /// `GET url` with `headers`, whatever the status.
    static func get(_ url: URL, _ transport: any HTTPTransport, _ headers: HeaderFields = [:]) async throws
        -> TransportResponse
    {
        try await transport.send(TransportRequest(method: .get, url: url, headers: headers))
    }

    /// A transport to the Sandbox, which answers with every status as it
    /// is, and one file of each kind.
    static func withSandbox(_ place: Place, _ body: (any HTTPTransport, Files) async throws -> Void) async throws {
        switch place {
        case .inProcess:
            let transport = SandboxTransport(try await Sandbox())
            try await body(transport, try await files(Sandbox.baseURL, transport))
        case .overHTTP:
            try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
                let transport = URLSessionTransport.shared
                try await body(transport, try await files(server.baseURL, transport))
            }
        }
    }

    /// A catalogue image, a photo uploaded from it, and an attachment.
    static func files(_ base: URL, _ transport: any HTTPTransport) async throws -> Files {
        let photos = SooGreyhoundsClient(
            configuration: SooGreyhoundsAPI(
                endpoint: base.appending(path: "services/rest"), apiKey: SooGreyhoundsAPI.lessonAPIKey),
            transport: transport)
        let image = try #require(try await photos.fetchLatestPhotos().first)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try await photos.fetchImage(for: image).data.write(to: file)
        let id = try await photos.uploadPhoto(fileAt: file, PhotoUpload(title: "Range"))
        let uploaded = try #require(try await photos.fetchLatestPhotos().first { $0.id == id })

        let airtable = AirtableClient(
            configuration: AirtableClient.Configuration(
                baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable,
                token: AirtableEmulator.Configuration.defaultToken, endpointURL: base,
                rateLimit: AirtableRateLimitPolicy(requestsPerSecond: nil)),
            transport: transport)
        struct Page: Decodable {
            struct Record: Decodable { var id: String }
            var records: [Record]
        }
        let page = try await airtable.http.send(
            NetworkRequest<Page>.get("v0/\(AirtableClient.lessonBaseID)/\(AirtableClient.designProjectsTable)"))
        let record = try #require(page.records.first).id
        let bytes = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let attachment = try await airtable.uploadAttachment(
            bytes, filename: "plan.bin", contentType: "application/octet-stream", toRecord: record,
            field: "Project images")
        return Files(image: image.remoteURL, uploadedPhoto: uploaded.remoteURL, attachment: attachment.url)
    }
}
