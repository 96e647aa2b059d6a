import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Synchronization
import Testing

@Suite("Photo uploads (Flickr's upload API)", .timeLimit(.minutes(10)))
struct UploadTests {
    /// A temporary file with `data`, removed when the test ends.
    private final class TemporaryFile: Sendable {
        let url: URL

        init(_ data: Data, name: String) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
            try data.write(to: url)
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A real JPEG: the first bundled photo's bytes.
    private static func jpeg(_ harness: Harness) async throws -> Data {
        let photo = try #require(try await harness.client().fetchLatestPhotos().last)
        return try await harness.client().fetchImage(for: photo).data
    }

    @Test("An uploaded photo gets an id, is listed first with its title and image, and is found by its tags")
    func upload() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let bytes = try await Self.jpeg(harness)
        let file = try TemporaryFile(bytes, name: "goal.jpg")
        let reports = Mutex<[TransferProgress]>([])
        let id = try await client.uploadPhoto(
            fileAt: file.url, PhotoUpload(title: "Overtime winner", description: "Sunday", tags: ["overtime", "win"])
        ) { progress in reports.withLock { $0.append(progress) } }
        #expect(!id.isEmpty)
        let latest = try #require(try await client.fetchLatestPhotos().first)
        #expect(latest.id == id)
        #expect(latest.title == "Overtime winner")
        #expect(try await client.fetchImage(for: latest).data == bytes)
        #expect(try await client.searchPhotos(text: "overtime").map(\.id) == [id])
        let last = try #require(reports.withLock { $0.last })
        #expect(last.isComplete)
        #expect(last.completed > bytes.count)  // the form around the photo counts too
    }

    @Test("Without a title the file name is the title; a private photo is kept out of the lists")
    func titlesAndVisibility() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let file = try TemporaryFile(try await Self.jpeg(harness), name: "Fowler_save.jpg")
        _ = try await client.uploadPhoto(fileAt: file.url)
        #expect(try await client.fetchLatestPhotos().first?.title.hasSuffix("Fowler_save") == true)
        let hidden = try await client.uploadPhoto(fileAt: file.url, PhotoUpload(title: "secret", isPublic: false))
        #expect(try await client.fetchLatestPhotos().contains { $0.id == hidden } == false)
    }

    @Test("Flickr's upload errors: wrong key, empty file, not an image")
    func failures() async throws {
        let harness = try await Harness()
        let text = try TemporaryFile(Data("not a photo".utf8), name: "notes.txt")
        let empty = try TemporaryFile(Data(), name: "empty.jpg")
        let photo = try TemporaryFile(try await Self.jpeg(harness), name: "p.jpg")
        let cases: [(SooGreyhoundsClient, URL, Int)] = [
            (harness.client(apiKey: "wrong"), photo.url, 100),
            (harness.client(), empty.url, 4),
            (harness.client(), text.url, 5),
        ]
        for (client, file, code) in cases {
            do {
                _ = try await client.uploadPhoto(fileAt: file)
                Issue.record("an upload that should fail with \(code) succeeded")
            } catch {
                guard case .failed(code, _)? = error.sooGreyhoundsError else {
                    Issue.record("expected code \(code), got \(error)")
                    continue
                }
                guard case .serviceFailure = error else {
                    Issue.record("a failure in a 200 is \(error)")
                    continue
                }
                #expect(!error.description.contains(Harness.apiKey))
            }
        }
    }

    @Test("A missing file fails before anything is sent")
    func missingFile() async throws {
        let harness = try await Harness()
        do {
            _ = try await harness.client().uploadPhoto(fileAt: URL(fileURLWithPath: "/no/such/photo.jpg"))
            Issue.record("a missing file was uploaded")
        } catch {
            guard case .fileFailed = error else {
                Issue.record("got \(error)")
                return
            }
        }
        #expect(await harness.sandbox.requests.matching("/services/upload/").isEmpty)
    }
}
