import Foundation
import Models
import Networking
import Sandbox
import SandboxServer
import SooGreyhoundsClient

/// Benchmark 7: a grid of 100 images through `PhotoStore.fetchImages`,
/// 8 in flight against one at a time, each pass into an empty cache; then
/// a second pass over the same photos, which the cache must answer with no
/// request at all.
///
/// The Sandbox's images say `Cache-Control: no-cache` (so the lesson's
/// revalidation is exercised), which would make every second fetch a 304;
/// the cache here is set to keep images fresh for an hour, as an app that
/// shows a grid twice would.
struct ImageBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        try await BenchServer.run { server in
            let client = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: server.baseURL.appendingPathComponent("services/rest"),
                    apiKey: SooGreyhoundsEmulator.Configuration.lessonAPIKey),
                transport: URLSessionTransport.shared, retryPolicy: .never)
            let photos = try await Self.photos(count: settings.count(100, minimum: 10), from: client)
            let makeStore = { PhotoStore(client: client, cache: ImageCache(freshness: .fixed(.seconds(3600)))) }
            var cachedTimes: [Double] = []
            var cachedRequests = 0
            let passes = try await Repetitions.interleaved(
                settings.rounds,
                variants: [
                    { try await Self.pass(photos, store: makeStore(), maxConcurrent: 1) },
                    {
                        let store = makeStore()
                        let first = try await Self.pass(photos, store: store, maxConcurrent: 8)
                        await server.sandbox.requests.clear()
                        cachedTimes.append(try await Self.pass(photos, store: store, maxConcurrent: 8))
                        cachedRequests = max(cachedRequests, await server.sandbox.requests.matching("/images/*").count)
                        return first
                    },
                ])
            let (sequential, parallel) = (passes[0], passes[1])
            let cached = Samples(cachedTimes)
            let cacheRatio = cached.median / parallel.median
            let count = Format.grouped(photos.count)
            return [
                .info(
                    "7. Images: \(count) at 8 in flight vs one at a time",
                    measured: "8 in flight \(Format.duration(parallel)); one at a time \(Format.duration(sequential))",
                    judgedBy: "one at a time ÷ 8 in flight",
                    ratio: "\(Format.ratio(sequential.median / parallel.median))x"),
                .judged(
                    "7. Images: second pass from the cache",
                    measured: "\(Format.duration(cached)), \(cachedRequests) requests",
                    judgedBy: "cached ÷ first pass time", value: cacheRatio, ratio: Format.percent(cacheRatio),
                    target: .below(0.05, text: "5%, no requests"), extraCondition: cachedRequests == 0),
            ]
        }
    }

    /// `count` distinct photos: the catalogue's, repeated under new ids and
    /// URLs (a query item the image route ignores), so each is a download
    /// of its own and a cache entry of its own.
    private static func photos(count: Int, from client: SooGreyhoundsClient) async throws -> [Photo] {
        let catalogue = try await client.fetchLatestPhotos()
        guard !catalogue.isEmpty else { throw BenchmarkFailure("the Sandbox lists no photos") }
        return try (0..<count).map { index in
            let photo = catalogue[index % catalogue.count]
            guard let url = URL(string: photo.remoteURL.absoluteString + "?copy=\(index)") else {
                throw BenchmarkFailure("cannot vary \(photo.remoteURL)")
            }
            return Photo(
                title: photo.title, photoID: "\(photo.photoID)-\(index)", remoteURL: url, dateTaken: photo.dateTaken)
        }
    }

    /// Fetches every photo's image and returns the seconds it took.
    private static func pass(_ photos: [Photo], store: PhotoStore, maxConcurrent: Int) async throws -> Double {
        try await Stopwatch.seconds {
            let results = await store.fetchImages(for: photos, maxConcurrent: maxConcurrent)
            for result in results {
                _ = try result.get()
            }
        }
    }
}
