import Foundation
import Sandbox
import SandboxServer

/// Benchmark 4: the Sandbox's time to answer lesson 2's page query,
/// `orderBy="timestamp"&limitToLast=15`, over 10,000 and 100,000 posts,
/// next to a full read of the same posts.
///
/// "Server time" is the time `Sandbox.respond(to:)` takes: everything the
/// server does for the request (fault and log bookkeeping, routing,
/// parsing, the query, writing the JSON) but the socket and HTTP framing,
/// which cost the same for both sizes and would only hide the growth.
/// The first query of a location builds its index; it is reported apart
/// from the steady state that the ratio judges.
struct SandboxQueryBenchmark {
    let settings: BenchmarkSettings

    /// One size's figures.
    private struct Figures {
        var posts: Int
        var firstQuery: Double
        var query: Samples
        var fullRead: Samples
        var fullReadBytes: Int
    }

    func run() async throws -> [ResultRow] {
        try await BenchServer.run { server in
            let small = try await measure(server.sandbox, posts: settings.count(10_000, minimum: 100))
            let large = try await measure(server.sandbox, posts: settings.count(100_000, minimum: 1_000))
            let ratio = large.query.median / small.query.median
            let smallName = Format.grouped(small.posts)
            let largeName = Format.grouped(large.posts)
            return [
                .judged(
                    "4. Sandbox query limitToLast=15, \(smallName) vs \(largeName) posts",
                    measured: "\(smallName): \(Format.duration(small.query)); \(largeName): "
                        + "\(Format.duration(large.query)) (first query, building the index: "
                        + "\(Format.duration(small.firstQuery)); \(Format.duration(large.firstQuery)))",
                    judgedBy: "\(largeName) ÷ \(smallName) server time", value: ratio, ratio: Format.ratio(ratio),
                    target: .atMost(1.5)),
                .info(
                    "4. Sandbox full read, \(smallName) vs \(largeName) posts",
                    measured: "\(smallName): \(Format.duration(small.fullRead)), "
                        + "\(Format.bytes(Double(small.fullReadBytes))); \(largeName): "
                        + "\(Format.duration(large.fullRead)), \(Format.bytes(Double(large.fullReadBytes)))",
                    judgedBy: "\(largeName) full read ÷ query",
                    ratio: "\(Format.grouped(Int(large.fullRead.median / large.query.median)))x"),
            ]
        }
    }

    private func measure(_ sandbox: Sandbox, posts: Int) async throws -> Figures {
        let namespace = "bench-\(posts)"
        try await sandbox.firebase.setValue(PostFixtures.feedValue(count: posts), at: "posts", namespace: namespace)
        let query = SandboxRequest(
            method: "GET", path: "/posts.json", rawQuery: "ns=\(namespace)&orderBy=%22timestamp%22&limitToLast=15")
        let fullRead = SandboxRequest(method: "GET", path: "/posts.json", rawQuery: "ns=\(namespace)")
        let firstQuery = try await Stopwatch.seconds { try await Self.answer(sandbox, query, expectedKeys: 15) }
        // One sample is the mean of a batch: a single query takes
        // microseconds, close to the clock's own cost. The answer was
        // checked above; the loop checks only the status, so the check
        // costs nothing next to the query.
        let batch = settings.count(500, minimum: 20)
        var bytes = 0
        let samples = try await Repetitions.interleaved(
            settings.rounds,
            variants: [
                {
                    try await Stopwatch.seconds {
                        for _ in 0..<batch { try await Self.answer(sandbox, query, expectedKeys: nil) }
                    } / Double(batch)
                },
                {
                    try await Stopwatch.seconds { bytes = try await Self.answer(sandbox, fullRead, expectedKeys: nil) }
                },
            ])
        return Figures(
            posts: posts, firstQuery: firstQuery, query: samples[0], fullRead: samples[1], fullReadBytes: bytes)
    }

    /// Answers `request` and checks it worked; returns the body's size.
    @discardableResult
    private static func answer(_ sandbox: Sandbox, _ request: SandboxRequest, expectedKeys: Int?) async throws -> Int {
        let response = await sandbox.respond(to: request)
        guard response.status == 200 else { throw BenchmarkFailure("status \(response.status) for \(request.path)") }
        if let expectedKeys {
            // Counting top-level keys without parsing: each post has a
            // "username" member, once.
            let count = String(decoding: response.data, as: UTF8.self).components(separatedBy: "\"username\"").count - 1
            guard count == expectedKeys else { throw BenchmarkFailure("query returned \(count) posts") }
        }
        return response.data.count
    }
}
