import AsyncHTTPClient
import Foundation
import NIOCore
import Sandbox
import SandboxServer

/// Benchmark 10: writes under a realistic rules file (ten rules reading
/// `auth`, `data` and `newData`) next to the same writes under the default
/// open rules, as a signed-in user, in process.
///
/// "Server time" is what `Sandbox.respond(to:)` takes, as in benchmark 4:
/// the socket and HTTP framing cost the same for both and would only hide
/// the rules' own cost, which is what this measures.
struct RulesWriteBenchmark {
    let settings: BenchmarkSettings

    /// Ten rules, each reading `auth`, `data` or `newData`: the post feed's
    /// own, plus a lookup in another part of the database.
    static let rules = #"""
        {
          "rules": {
            "posts": {
              ".read": true,
              "$post": {
                ".write": "auth != null && (!data.exists() || data.child('uid').val() === auth.uid)",
                ".validate": "newData.hasChildren(['uid', 'username', 'text', 'timestamp'])",
                "uid": {".validate": "newData.val() === auth.uid"},
                "username": {".validate": "newData.isString() && newData.val() === auth.token.name"},
                "text": {".validate": "newData.isString() && newData.val().length > 0 && newData.val().length <= 280"},
                "timestamp": {".validate": "newData.isNumber() && newData.val() <= now"},
                "topic": {".validate": "root.child('topics/' + newData.val()).exists()"},
                "$other": {".validate": false}
              }
            },
            "topics": {".read": true, ".write": "auth.token.admin === true"},
            "users": {"$uid": {".read": "auth.uid === $uid", ".write": "auth.uid === $uid"}}
          }
        }
        """#

    func run() async throws -> [ResultRow] {
        let open = try await Self.sandbox(rules: nil)
        let guarded = try await Self.sandbox(rules: Self.rules)
        let token = FirebaseEmulator.unsignedIDToken(uid: "ada", claims: ["name": "Ada"])
        // Each round is five bursts of a thousand writes per variant, in
        // turns: the machine's speed wanders over seconds, so a round is
        // judged by its bursts' paired ratios, as benchmark 8 is.
        let bursts = 5
        let writes = settings.count(1_000, minimum: 40)
        var burst = 0
        let times = try await Repetitions.bursts(
            settings.rounds, bursts: bursts, warmUp: true,
            variants: [open, guarded].map { sandbox in
                {
                    burst += 1
                    return try await Self.write(writes, to: sandbox, token: token, round: burst) / Double(writes)
                }
            })
        let ratios = Repetitions.roundRatios(times[0], times[1])
        let perWrite = times.map { Samples($0.flatMap { $0 }) }
        let overHTTP = try await Self.overHTTP(settings: settings, token: token)
        let httpRatio = overHTTP[1].median / overHTTP[0].median
        return [
            .judged(
                "10. Firebase writes as a signed-in user, ten rules vs open rules",
                measured:
                    "open: \(Format.duration(perWrite[0])); ten rules: \(Format.duration(perWrite[1])) per write; "
                    + Format.roundRatios(ratios),
                judgedBy: "writes/s under the rules ÷ under open rules, median of rounds", value: ratios.median,
                ratio: Format.ratio(ratios.median), target: .atLeast(0.8)),
            .info(
                "10. The same writes over HTTP, 8 at a time (AsyncHTTPClient)",
                measured: "open: \(Format.rate(overHTTP[0])); ten rules: \(Format.rate(overHTTP[1]))",
                judgedBy: "writes/s under the rules ÷ under open rules", ratio: Format.ratio(httpRatio)),
        ]
    }

    /// Writes per second over real HTTP to two servers, one per rules
    /// file, 8 writers at a time; rounds interleaved.
    private static func overHTTP(settings: BenchmarkSettings, token: String) async throws -> [Samples] {
        var open = SandboxServerOptions(host: "127.0.0.1", port: 0)
        open.configuration.firebase.seedsLessonData = false
        var guarded = open
        guarded.configuration.firebase.rules = rules
        let writes = settings.count(4_000, minimum: 200)
        return try await SandboxServer.withServer(open) { openServer in
            try await SandboxServer.withServer(guarded) { guardedServer in
                for server in [openServer, guardedServer] {
                    try await server.sandbox.firebase.setValue(["swift": true], at: "topics", namespace: "bench")
                }
                var round = 0
                return try await Repetitions.interleaved(
                    settings.rounds,
                    variants: [openServer, guardedServer].map { server in
                        {
                            round += 1
                            let base = server.baseURL.absoluteString
                            let seconds = try await Self.put(writes, base: base, token: token, round: round)
                            return Double(writes) / seconds
                        }
                    })
            }
        }
    }

    private static func put(_ count: Int, base: String, token: String, round: Int) async throws -> Double {
        let body =
            #"{"uid":"ada","username":"Ada","text":"Rules are not filters.","timestamp":1700000000000,"topic":"swift"}"#
        return try await Stopwatch.seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for index in stride(from: writer, to: count, by: 8) {
                            var request = HTTPClientRequest(
                                url: "\(base)/posts/h\(round)-\(index).json?ns=bench&print=silent")
                            request.method = .PUT
                            request.headers.add(name: "Authorization", value: "Bearer " + token)
                            request.body = .bytes(ByteBuffer(string: body))
                            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                            _ = try await response.body.collect(upTo: 1 << 16)
                            guard response.status.code == 204 else {
                                throw BenchmarkFailure("a write over HTTP answered \(response.status.code)")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    static func sandbox(rules: String?) async throws -> Sandbox {
        var configuration = SandboxConfiguration()
        configuration.firebase.seedsLessonData = false
        configuration.firebase.rules = rules
        let sandbox = try await Sandbox(configuration: configuration)
        try await sandbox.firebase.setValue(["swift": true, "rules": true], at: "topics", namespace: "bench")
        return sandbox
    }

    /// `count` PUTs of new posts, each checked against the rules; the
    /// seconds they took.
    static func write(_ count: Int, to sandbox: Sandbox, token: String, round: Int) async throws -> Double {
        let body = Data(
            #"{"uid":"ada","username":"Ada","text":"Rules are not filters.","timestamp":1700000000000,"topic":"swift"}"#
                .utf8)
        return try await Stopwatch.seconds {
            for index in 0..<count {
                let request = SandboxRequest(
                    method: "PUT", path: "/posts/r\(round)-\(index).json", rawQuery: "ns=bench&print=silent",
                    headers: ["Authorization": "Bearer " + token], body: body)
                let response = await sandbox.respond(to: request)
                guard response.status == 204 else {
                    throw BenchmarkFailure(
                        "a write under the rules answered \(response.status): \(String(decoding: response.data, as: UTF8.self))"
                    )
                }
            }
        }
    }
}
