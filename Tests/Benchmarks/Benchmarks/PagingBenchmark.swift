import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient

/// Benchmark 5: what paging saves. `PostFeedClient.fetchPosts(reset:)`
/// fetches the newest page (15 posts, the lesson's query) against one GET
/// of the whole feed decoded as `PostFeed`, over HTTP with the default
/// URLSession transport, on 10,000 posts. Bytes are the response bodies
/// the client received; time includes decoding.
struct PagingBenchmark {
    let settings: BenchmarkSettings

    func run() async throws -> [ResultRow] {
        try await BenchServer.run { server in
            let posts = settings.count(10_000, minimum: 100)
            let namespace = "paging"
            try await server.sandbox.firebase.setValue(
                PostFixtures.feedValue(count: posts), at: "posts", namespace: namespace)
            let bytes = ByteCounter()
            var firebase = FirebaseClient(databaseURL: server.baseURL, namespace: namespace)
            firebase.http.observers.append(bytes.observer)
            let feed = PostFeedClient(firebase: firebase)
            var pageBytes = 0
            var allBytes = 0
            let samples = try await Repetitions.interleaved(
                settings.rounds,
                variants: [
                    {
                        let seconds = try await Stopwatch.seconds {
                            let page = try await feed.fetchPosts(reset: true)
                            guard page.posts.count == PostFeedClient.pageSize else {
                                throw BenchmarkFailure("the first page has \(page.posts.count) posts")
                            }
                        }
                        pageBytes = bytes.take()
                        return seconds
                    },
                    {
                        let seconds = try await Stopwatch.seconds {
                            let all = try await firebase.get("posts", as: PostFeed.self)
                            guard all.posts.count == posts else {
                                throw BenchmarkFailure("the whole feed has \(all.posts.count) posts")
                            }
                        }
                        allBytes = bytes.take()
                        return seconds
                    },
                ])
            let (page, all) = (samples[0], samples[1])
            return [
                .info(
                    "5. Paging: first page (15) vs all \(Format.grouped(posts)) posts",
                    measured: "page \(Format.duration(page)), \(Format.bytes(Double(pageBytes))); all "
                        + "\(Format.duration(all)), \(Format.bytes(Double(allBytes)))",
                    judgedBy: "page ÷ all: time, bytes",
                    ratio: "\(Format.percent(page.median / all.median)), "
                        + Format.percent(Double(pageBytes) / Double(max(1, allBytes))))
            ]
        }
    }
}
