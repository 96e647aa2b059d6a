import AsyncHTTPClientTransport
import Foundation
import Networking
import Synchronization
import Testing

/// Forms and uploads against httpbin, a server nobody here wrote: what it
/// reads must be exactly what was sent, over both transports.
@Suite(
    "Forms and uploads against httpbin", .timeLimit(.minutes(10)), .disabled(if: PythonClient.isSkipped),
    .serialized)
struct HTTPBinTests {
    /// What httpbin's `/post` echoes.
    struct Echo: Decodable {
        var form: [String: String]
        var files: [String: String]
        var headers: [String: String]
    }

    /// What `/multipart-parts` reports of each file part.
    struct Parts: Decodable {
        struct File: Decodable, Equatable {
            var filename: String
            var contentType: String
            var size: Int
            var sha256: String

            enum CodingKeys: String, CodingKey {
                case filename, size, sha256
                case contentType = "content_type"
            }
        }

        var form: [String: String]
        var files: [String: File]
    }

    private static func hex(_ data: Data) -> String {
        SecureHash.sha256(Array(data)).map { String(format: "%02x", $0) }.joined()
    }

    @Test(
        "A multipart form with text fields and two files comes back exactly as sent",
        arguments: TransportKind.allCases)
    func multipart(kind: TransportKind) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("httpbin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
        let photoURL = folder.appendingPathComponent("greyhound photo.jpg")
        try photo.write(to: photoURL)
        let notes = Data("Fast dogs.\nÜber schnell — \"quoted\"\r\n".utf8)
        var form = MultipartForm()
        form.append("Sunny afternoon", name: "title")
        form.append("Zoë's \"best\" run\nline two", name: "description")
        try form.append(fileAt: photoURL, name: "photo")
        form.append(notes, name: "notes", filename: "notes ü.txt", contentType: "text/plain; charset=utf-8")
        try await HTTPBinServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make(maxBodySize: 8 << 20))
            let echo = try await client.send(NetworkRequest<Echo>.post("post").multipart(form))
            #expect(echo.form == ["title": "Sunny afternoon", "description": "Zoë's \"best\" run\nline two"])
            #expect(echo.files["notes"] == String(decoding: notes, as: UTF8.self))
            #expect(echo.files["photo"] == "data:image/jpeg;base64," + photo.base64EncodedString())
            #expect(echo.headers["Content-Length"] == "\(form.length)")
            let parts = try await client.send(NetworkRequest<Parts>.post("multipart-parts").multipart(form))
            #expect(
                parts.files["photo"]
                    == Parts.File(
                        filename: "greyhound photo.jpg", contentType: "image/jpeg", size: photo.count,
                        sha256: Self.hex(photo)))
            #expect(
                parts.files["notes"]
                    == Parts.File(
                        filename: "notes ü.txt", contentType: "text/plain; charset=utf-8", size: notes.count,
                        sha256: Self.hex(notes)))
        }
    }

    @Test("A url-encoded form comes back exactly as sent", arguments: TransportKind.allCases)
    func urlEncoded(kind: TransportKind) async throws {
        let fields = [
            QueryItem(name: "name", value: "Ada Lovelace"), QueryItem(name: "equation", value: "a+b=c & d/e?"),
            QueryItem(name: "accent", value: "é ü 漢字"), QueryItem(name: "empty", value: ""),
        ]
        try await HTTPBinServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make())
            let echo = try await client.send(NetworkRequest<Echo>.post("post").form(fields))
            #expect(echo.form == Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.value ?? "") }))
            #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded")
        }
    }

    @Test("A file uploaded as the body arrives whole, with progress to its size", arguments: TransportKind.allCases)
    func fileBody(kind: TransportKind) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("httpbin-\(UUID().uuidString).txt")
        let text = String(repeating: "greyhounds run fast. ", count: 50_000)
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        struct Echoed: Decodable { var data: String }
        let last = Mutex<TransferProgress?>(nil)
        try await HTTPBinServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make(maxBodySize: 8 << 20))
            let echoed = try await client.send(
                NetworkRequest<Echoed>(method: .put, path: "put")
                    .body(try TransferBody(fileAt: file), contentType: "text/plain")
                    .uploadProgress { progress in last.withLock { $0 = progress } })
            #expect(echoed.data == text)
        }
        #expect(last.withLock { $0 } == TransferProgress(completed: text.utf8.count, total: text.utf8.count))
    }

    @Test("A download from httpbin's /range lands whole", arguments: TransportKind.allCases)
    func download(kind: TransportKind) async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "httpbin-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        try await HTTPBinServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make())
            // httpbin's /range serves n bytes with ETag and Range support.
            let download = try await client.download(NetworkRequest<Data>.get("range/102400"), to: destination)
            #expect(download.byteCount == 102_400)
            let bytes = try Data(contentsOf: destination)
            #expect(bytes == Data((0..<102_400).map { UInt8(ascii: "a") + UInt8($0 % 26) }))
        }
    }
}
