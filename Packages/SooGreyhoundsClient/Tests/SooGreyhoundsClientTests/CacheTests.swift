import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing

@Suite("Image cache")
struct CacheTests {
    @Test("A second fetch of the same image makes no request, or only a 304, as the server's Cache-Control says")
    func secondFetchFromCache() async throws {
        let harness = try await Harness()
        let store = harness.store()
        let photo = try #require(try await store.fetchLatestPhotos().first)
        let first = try await store.fetchImage(for: photo)
        let second = try await store.fetchImage(for: photo)
        #expect(first == second)
        let statuses = await harness.imageRequests().map(\.status)
        #expect(statuses == [200] || statuses == [200, 304])
    }

    @Test("With a fixed freshness a second fetch makes no request at all")
    func secondFetchWithoutRequest() async throws {
        let harness = try await Harness()
        let store = harness.store(cache: ImageCache(freshness: .fixed(.seconds(3600))))
        let photo = try #require(try await store.fetchLatestPhotos().first)
        let first = try await store.fetchImage(for: photo)
        #expect(try await store.fetchImage(for: photo) == first)
        #expect(await harness.imageRequests().map(\.status) == [200])
    }

    @Test("Once fresh bytes go stale they are revalidated with their ETag, and a 304 reuses them")
    func revalidation() async throws {
        let harness = try await Harness()
        let clock = ManualClock()
        let cache = try ImageCache(
            configuration: ImageCache.Configuration(freshness: .fixed(.seconds(3600)), now: { clock.now }))
        let store = harness.store(cache: cache)
        let photo = try #require(try await store.fetchLatestPhotos().first)
        let first = try await store.fetchImage(for: photo)
        clock.advance(by: 1800)
        _ = try await store.fetchImage(for: photo)
        #expect(await harness.imageRequests().map(\.status) == [200])
        clock.advance(by: 3600)
        let revalidated = try await store.fetchImage(for: photo)
        #expect(revalidated == first)
        let statuses = await harness.imageRequests().map(\.status)
        #expect(statuses == [200, 304])
        let conditional = try #require(await harness.sandbox.requests.all.last)
        #expect(conditional.status == 304)
        clock.advance(by: 1800)
        _ = try await store.fetchImage(for: photo)
        #expect(await harness.imageRequests().count == 2)
    }

    @Test("With zero freshness every fetch asks, and gets a 304")
    func alwaysRevalidate() async throws {
        let harness = try await Harness()
        let store = harness.store(cache: ImageCache(freshness: .fixed(.zero)))
        let photo = try #require(try await store.fetchLatestPhotos().first)
        for _ in 1...3 {
            #expect(try await store.fetchImage(for: photo).width == 1600)
        }
        #expect(await harness.imageRequests().map(\.status) == [200, 304, 304])
    }

    @Test("20 concurrent requests for one image make one download")
    func deduplicated() async throws {
        let harness = try await Harness()
        harness.sandbox.faults.setLatency(.milliseconds(100))
        let store = harness.store()
        let photo = try #require(try await store.fetchLatestPhotos().first)
        let images = try await withThrowingTaskGroup(of: RemoteImage.self) { group in
            for _ in 1...20 {
                group.addTask { try await store.fetchImage(for: photo) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(images.count == 20)
        #expect(Set(images).count == 1)
        #expect(await harness.imageRequests().count == 1)
    }

    @Test("Many downloads run at most maxConcurrent at a time")
    func boundedConcurrency() async throws {
        let harness = try await Harness()
        harness.sandbox.faults.setLatency(.milliseconds(40))
        let probe = ConcurrencyProbe(harness.transport)
        let store = harness.store(cache: ImageCache(freshness: .fixed(.seconds(3600))), transport: probe)
        let photos = try await store.fetchLatestPhotos()
        #expect(photos.count >= 8)
        let results = await store.fetchImages(for: photos + photos, maxConcurrent: 3)
        #expect(results.count == photos.count * 2)
        let images = try results.map { try $0.get() }
        #expect(images.allSatisfy { $0.format == .jpeg })
        #expect(probe.maximum <= 3)
        #expect(probe.maximum >= 2)
        #expect(await harness.imageRequests().count == photos.count)
    }

    @Test("The disk cache survives a new store, whose fetches of fresh images make no request")
    func diskPersistence() async throws {
        let harness = try await Harness()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = try await harness.client().fetchLatestPhotos(perPage: 4)
        let configuration = ImageCache.Configuration(directory: folder, freshness: .fixed(.seconds(3600)))
        let first = harness.store(cache: try ImageCache(configuration: configuration))
        for photo in photos {
            _ = try await first.fetchImage(for: photo)
        }
        #expect(first.cache.diskCount == 4)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 8)
        let second = harness.store(cache: try ImageCache(configuration: configuration))
        #expect(second.cache.diskCount == 4)
        for (photo, expected) in zip(photos, Harness.lessonPhotos) {
            #expect(try await second.fetchImage(for: photo).width == expected.width)
        }
        #expect(await harness.imageRequests().count == 4)
    }

    @Test("Memory and disk keep within their byte limits, evicting the least recently used")
    func eviction() async throws {
        let harness = try await Harness()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = try await harness.client().fetchLatestPhotos(perPage: 4)
        let client = harness.client()
        var sizes: [Int] = []
        for photo in photos {
            sizes.append(try await client.fetchImage(for: photo).data.count)
        }
        let limit = sizes[0] + sizes[1] + 1
        let cache = try ImageCache(
            configuration: .init(memoryByteLimit: limit, directory: folder, diskByteLimit: limit))
        let store = harness.store(cache: cache)
        for photo in photos {
            _ = try await store.fetchImage(for: photo)
        }
        #expect(cache.memoryByteCount <= limit)
        #expect(cache.diskByteCount <= limit)
        #expect(cache.memoryCount < 4)
        #expect(cache.entry(for: photos[3]) != nil)
        #expect(cache.entry(for: photos[0]) == nil)
    }

    @Test("A damaged cache file costs a download, not a crash")
    func damagedFile() async throws {
        let harness = try await Harness()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try #require(try await harness.client().fetchLatestPhotos().first)
        _ = try await harness.store(cache: try ImageCache(configuration: .init(directory: folder))).fetchImage(
            for: photo)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        for file in files {
            try Data("garbage".utf8).write(to: file)
        }
        let store = harness.store(cache: try ImageCache(configuration: .init(directory: folder)))
        #expect(try await store.fetchImage(for: photo).width == 1600)
        #expect(await harness.imageRequests().count == 2)
    }

    @Test("Photo ids never escape the cache folder")
    func hostileIDs() async throws {
        let harness = try await Harness()
        let folder = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(
                at: folder.deletingLastPathComponent().appendingPathComponent("escaped"))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try #require(try await harness.client().fetchLatestPhotos().first)
        let cache = try ImageCache(configuration: .init(directory: folder))
        let store = harness.store(cache: cache)
        let ids = ["../escaped", "/etc/passwd", "a/b", String(repeating: "x", count: 500), "", "é 🐕"]
        for id in ids {
            let photo = Photo(title: "t", photoID: id, remoteURL: real.remoteURL, dateTaken: real.dateTaken)
            _ = try await store.fetchImage(for: photo)
        }
        #expect(cache.diskCount == ids.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == ids.count * 2)
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.json").path))
        let reopened = try ImageCache(configuration: .init(directory: folder))
        #expect(reopened.diskCount == ids.count)
    }

    @Test("A photo whose URL changed is downloaded again")
    func urlChanged() async throws {
        let harness = try await Harness()
        let store = harness.store()
        let photos = try await store.fetchLatestPhotos()
        _ = try await store.fetchImage(for: photos[0])
        var moved = photos[0]
        moved.remoteURL = photos[1].remoteURL
        #expect(try await store.fetchImage(for: moved).width == 1024)
        #expect(await harness.imageRequests().count == 2)
    }

    @Test("When the server cannot be reached, a stale image is used")
    func staleWhenOffline() async throws {
        let harness = try await Harness()
        let store = harness.store(cache: ImageCache(freshness: .fixed(.zero)))
        let photo = try #require(try await store.fetchLatestPhotos().first)
        _ = try await store.fetchImage(for: photo)
        try harness.sandbox.faults.inject(Fault(path: "/images/*", action: .dropConnection))
        #expect(try await store.fetchImage(for: photo).width == 1600)
    }

    @Test("Cache-Control: no-store is not cached, unless the freshness is fixed")
    func noStore() async throws {
        let harness = try await Harness()
        let photo = try #require(try await harness.client().fetchLatestPhotos().first)
        let bytes = try await harness.client().fetchImage(for: photo).data
        let fault = Fault(
            path: "/images/*", count: 2, status: 200, headers: ["Cache-Control": "no-store", "ETag": "\"x\""],
            body: bytes)
        try harness.sandbox.faults.inject(fault)
        let server = harness.store()
        _ = try await server.fetchImage(for: photo)
        #expect(server.cache.memoryCount == 0)
        let fixed = harness.store(cache: ImageCache(freshness: .fixed(.seconds(60))))
        _ = try await fixed.fetchImage(for: photo)
        #expect(fixed.cache.memoryCount == 1)
    }
}
