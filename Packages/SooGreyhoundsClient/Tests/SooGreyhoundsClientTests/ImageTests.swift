import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing

@Suite("Image downloads")
struct ImageTests {
    @Test("Every image is a real JPEG with its true pixel size")
    func realJPEGs() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let photos = try await client.fetchLatestPhotos()
        for (photo, expected) in zip(photos, Harness.lessonPhotos) {
            let image = try await client.fetchImage(for: photo)
            #expect(image.format == .jpeg)
            #expect(image.data.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(image.width == expected.width && image.height == expected.height, "\(photo.title)")
        }
        for photo in photos.dropFirst(4) {
            let image = try await client.fetchImage(for: photo)
            #expect(image.format == .jpeg)
            #expect(image.width > 0 && image.height > 0)
        }
    }

    @Test("A text body served as an image is notAnImage, and nothing is cached")
    func textIsNotAnImage() async throws {
        let harness = try await Harness()
        let store = harness.store()
        let photo = try #require(try await store.fetchLatestPhotos().first)
        try harness.sandbox.faults.inject(
            Fault(
                path: "/images/*", count: 2, status: 200, headers: ["Content-Type": "image/jpeg"],
                body: Data("<html>Sorry, this photo is gone</html>".utf8)))
        await #expect {
            _ = try await harness.client().fetchImage(for: photo)
        } throws: { error in
            guard let error = error as? NetworkError, case .notAnImage(let reason) = error else { return false }
            return reason.contains("text")
        }
        await #expect {
            _ = try await store.fetchImage(for: photo)
        } throws: { error in
            guard let error = error as? NetworkError, case .notAnImage = error else { return false }
            return true
        }
        #expect(store.cache.memoryCount == 0)
        #expect(try await store.fetchImage(for: photo).format == .jpeg)
    }

    @Test("A missing image is notFound")
    func missing() async throws {
        let harness = try await Harness()
        let photo = Photo(
            title: "Gone", photoID: "404", remoteURL: Sandbox.baseURL.appendingPathComponent("images/gone.jpg"),
            dateTaken: Date())
        await #expect {
            _ = try await harness.store().fetchImage(for: photo)
        } throws: { error in
            guard let error = error as? NetworkError, case .notFound = error else { return false }
            return true
        }
    }

    @Test("The completion handlers deliver on the main queue")
    func completions() async throws {
        let harness = try await Harness()
        let store = harness.store()
        let photos: [Photo] = try await withCheckedThrowingContinuation { continuation in
            store.fetchLatestPhotos { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        let photo = try #require(photos.first)
        let image: RemoteImage = try await withCheckedThrowingContinuation { continuation in
            store.fetchImage(for: photo) { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(image.width == 1600)
    }
}
