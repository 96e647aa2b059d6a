import Foundation
import Models
import Networking
import Sandbox
import SandboxServer
import SooGreyhoundsClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real SooGreyhoundsClient and PhotoStore over real HTTP
/// (`URLSessionTransport`) against a SandboxServer on 127.0.0.1, port 0.
@Suite("SooGreyhounds over HTTP")
struct SooGreyhoundsIntegrationTests {
    static let sizes = [(1600, 1067), (1024, 683), (800, 1200), (1200, 800)]

    @Test("Four photos with the right dates, each a real JPEG of its true size from this server")
    func photosAndImages() async throws {
        try await SooGreyhoundsServer.run { server, store in
            let photos = try await store.fetchLatestPhotos()
            #expect(
                photos.prefix(4).map(\.title) == [
                    "DeMeo_J17_2595", "Caron_S17_3592", "Calistini_S17_3456", "Fowler_J17_2750",
                ])
            #expect(photos.first?.dateTaken == Date(timeIntervalSince1970: 1_483_273_926))
            #expect(photos.first?.remoteURL.port == server.port)
            for (photo, size) in zip(photos, Self.sizes) {
                let image = try await store.fetchImage(for: photo)
                #expect(image.format == .jpeg)
                #expect(image.width == size.0 && image.height == size.1)
            }
        }
    }

    @Test("A second fetch of an image makes no request, or only a 304, as Cache-Control says")
    func cachedAndRevalidated() async throws {
        try await SooGreyhoundsServer.run { server, store in
            let photo = try #require(try await store.fetchLatestPhotos().first)
            let first = try await store.fetchImage(for: photo)
            #expect(try await store.fetchImage(for: photo) == first)
            let statuses = await server.sandbox.requests.matching("/images/*").map(\.status)
            #expect(statuses == [200] || statuses == [200, 304])

            await server.sandbox.requests.clear()
            let fixed = PhotoStore(client: store.client, cache: ImageCache(freshness: .fixed(.seconds(60))))
            #expect(try await fixed.fetchImage(for: photo) == first)
            #expect(try await fixed.fetchImage(for: photo) == first)
            let fixedStatuses = await server.sandbox.requests.matching("/images/*").map(\.status)
            #expect(fixedStatuses == [200])

            await server.sandbox.requests.clear()
            let revalidating = PhotoStore(client: store.client, cache: ImageCache(freshness: .fixed(.zero)))
            _ = try await revalidating.fetchImage(for: photo)
            #expect(try await revalidating.fetchImage(for: photo) == first)
            let revalidated = await server.sandbox.requests.matching("/images/*").map(\.status)
            #expect(revalidated == [200, 304])
        }
    }

    @Test("20 concurrent requests for one image make one download")
    func deduplicated() async throws {
        try await SooGreyhoundsServer.run { server, store in
            let photo = try #require(try await store.fetchLatestPhotos().first)
            server.sandbox.faults.setLatency(.milliseconds(100))
            let images = try await withThrowingTaskGroup(of: RemoteImage.self) { group in
                for _ in 1...20 {
                    group.addTask { try await store.fetchImage(for: photo) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(images.count == 20)
            #expect(await server.sandbox.requests.matching("/images/*").count == 1)
        }
    }

    @Test("A text body served as an image gives notAnImage")
    func notAnImage() async throws {
        try await SooGreyhoundsServer.run { server, store in
            let photo = try #require(try await store.fetchLatestPhotos().first)
            try server.sandbox.faults.inject(
                Fault(
                    path: "/images/*", status: 200, headers: ["Content-Type": "image/jpeg"],
                    body: Data("Not a picture".utf8)))
            await #expect {
                _ = try await store.fetchImage(for: photo)
            } throws: { error in
                guard let error = error as? NetworkError, case .notAnImage = error else { return false }
                return true
            }
        }
    }

    @Test("A wrong API key gives the API's error with code 100")
    func wrongKey() async throws {
        try await SooGreyhoundsServer.run(apiKey: "wrong") { _, store in
            await #expect {
                _ = try await store.fetchLatestPhotos()
            } throws: { error in
                guard let error = error as? NetworkError, case .serviceFailure = error else { return false }
                return error.sooGreyhoundsError
                    == .failed(code: 100, message: "Invalid API Key (Key has invalid format)")
            }
        }
    }
}

/// A SandboxServer and a PhotoStore on it, over URLSession.
enum SooGreyhoundsServer {
    static func run(
        apiKey: String = SooGreyhoundsEmulator.Configuration.lessonAPIKey,
        _ body: (SandboxServer, PhotoStore) async throws -> Void
    ) async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let client = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: server.baseURL.appendingPathComponent("services/rest"), apiKey: apiKey),
                transport: URLSessionTransport.shared,
                retryPolicy: .never
            )
            try await body(server, PhotoStore(client: client))
        }
    }
}
