import Foundation
import HTTPTestServer
import Networking
import Synchronization
import Testing

/// Transfers of every kind, on both transports, many at once, each
/// cancelled at a random moment of its life: before its head, mid-body,
/// while it completes. FoundationNetworking ends the process when a task is
/// cancelled as it completes (issue 57); the SDK must never let that reach
/// an app. Each transfer ends `cancelled` or complete (with its bytes
/// whole), its observers see exactly one final record, and nothing is left
/// on disk.
///
/// `TRANSFER_STRESS_ROUNDS` (2) and `TRANSFER_STRESS_MEGABYTES` (16) make it
/// longer: issue 57's check is 20 rounds of 50 MB. At these defaults the
/// code before the fix ended the test process in five runs of six.
@Suite("Cancelling transfers at random moments", .serialized, .timeLimit(.minutes(10)))
struct TransferCancellationTests {
    /// What a transfer is.
    enum Kind: String, CaseIterable {
        case send, stream, download, uploadFile, uploadForm, uploadStream
        /// A `send` answered with a redirect first, and one answered with a
        /// `503` first and retried.
        case redirected, retried

        var isStream: Bool { self == .stream || self == .download }
    }

    private static let environment = ProcessInfo.processInfo.environment
    private static let rounds = environment["TRANSFER_STRESS_ROUNDS"].flatMap { Int($0) } ?? 2
    private static let size = (environment["TRANSFER_STRESS_MEGABYTES"].flatMap { Int($0) } ?? 16) << 20
    /// Transfers of each kind in a round.
    private static let perKind = 10
    /// The body every download and `send` gets: patterned, so a misplaced
    /// byte shows.
    private static let blob = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) })

    @Test("Every kind, cancelled at random moments, ends cancelled or whole", arguments: TransportKind.allCases)
    func randomMoments(kind transport: TransportKind) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let upload = folder.appendingPathComponent("upload.bin")
        try Self.blob.prefix(Self.size / 2).write(to: upload)
        let uploadsBefore = try Self.temporaryUploads()
        let server = try HTTPTestServer(routes: Self.routes)
        defer { server.stop() }
        let records = FinalRecords()
        // Quick retries, so a `retried` transfer's wait is cancelled too.
        let retries = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        var observed = NetworkClient(
            baseURL: server.baseURL, transport: Self.transport(transport), retryPolicy: retries)
        observed.observers.append(NetworkObserver { records.add($0) })
        let client = observed
        var outcomes: [String: Int] = [:]
        var streams: Set<String> = []
        for round in 0..<Self.rounds {
            let results = await withTaskGroup(of: (Int, Kind, String).self) { group in
                for (index, kind) in Kind.allCases.flatMap({ kind in Array(repeating: kind, count: Self.perKind) })
                    .enumerated()
                {
                    let id = round * 1000 + index
                    let destination = folder.appendingPathComponent("download-\(id).bin")
                    group.addTask {
                        let transfer = Task {
                            try await Self.run(kind, id: id, client: client, upload: upload, to: destination)
                        }
                        // Up to about the time the round takes on loopback,
                        // so some end first and some are cut at every stage.
                        try? await Task.sleep(for: .microseconds(Int.random(in: 0..<Self.size / 40)))
                        transfer.cancel()
                        switch await transfer.result {
                        case .success: return (id, kind, "complete")
                        case .failure(NetworkError.cancelled): return (id, kind, "cancelled")
                        case .failure(let error): return (id, kind, "\(kind) \(id): \(error)")
                        }
                    }
                }
                var results: [(Int, Kind, String)] = []
                for await result in group { results.append(result) }
                return results
            }
            for (id, kind, outcome) in results {
                outcomes[outcome, default: 0] += 1
                if kind.isStream { streams.insert("t\(id)") }
            }
            // Each transfer's last record may come after its result (a
            // stream let go is reported as its reader goes): wait for them.
            let unended = try await records.waitForFinals(of: results.map { ($0.0, $0.1.isStream) })
            #expect(unended == [], "transfers without a final record")
        }
        #expect(outcomes.keys.filter { $0 != "complete" && $0 != "cancelled" }.sorted() == [])
        #expect(outcomes["cancelled", default: 0] > 0, "\(outcomes)")
        #expect(records.problems(streams: streams) == [])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0 != "upload.bin" && !$0.hasPrefix("download-")
        }
        #expect(left == [], "partial downloads left behind")
        #expect(try await Self.uploadsLeft(after: uploadsBefore) == [], "temporary upload copies left behind")
    }

    /// The moment that crashed: a download cancelled as it completes.
    /// Downloads one after another, each cancelled at a random moment
    /// around the time an uncancelled one takes.
    @Test("Downloads cancelled as they complete end cancelled or whole", arguments: TransportKind.allCases)
    func cancelledAsTheyComplete(kind transport: TransportKind) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try HTTPTestServer(routes: Self.routes)
        defer { server.stop() }
        let client = NetworkClient(baseURL: server.baseURL, transport: Self.transport(transport), retryPolicy: .never)
        let destination = folder.appendingPathComponent("blob.bin")
        var durations: [Duration] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            _ = try await client.download(NetworkRequest<Data>.get("blob"), to: destination)
            durations.append(ContinuousClock.now - start)
        }
        let typical = durations.sorted()[1]
        var outcomes: [String: Int] = [:]
        for _ in 0..<(30 * Self.rounds) {
            let transfer = Task { try await client.download(NetworkRequest<Data>.get("blob"), to: destination) }
            // A sleep overshoots, so the range starts early.
            try await Task.sleep(for: typical * Double.random(in: 0.2...1.2))
            transfer.cancel()
            switch await transfer.result {
            case .success:
                outcomes["complete", default: 0] += 1
                #expect(try Data(contentsOf: destination) == Self.blob)
            case .failure(NetworkError.cancelled): outcomes["cancelled", default: 0] += 1
            case .failure(let error): outcomes["\(error)", default: 0] += 1
            }
        }
        #expect(outcomes.keys.filter { $0 != "complete" && $0 != "cancelled" }.sorted() == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "blob.bin" } == [])
    }

    /// A transport with its default bounds, but for a whole body as large
    /// as the blob, and (URLSession) uploads over 1 MiB sent as they are
    /// read, as larger ones are by default.
    private static func transport(_ kind: TransportKind) -> any StreamingHTTPTransport {
        switch kind {
        case .urlSession:
            URLSessionTransport(maxBodySize: 2 * size, maxInMemoryUpload: 1 << 20)
        case .asyncHTTPClient:
            kind.make(maxBodySize: 2 * size, maxStreamBacklog: 256 << 20)
        }
    }

    /// Runs one transfer; a download's file must be whole.
    private static func run(
        _ kind: Kind, id: Int, client: NetworkClient, upload: URL, to destination: URL
    ) async throws {
        let target = "t\(id)"
        switch kind {
        case .send:
            let data = try await client.send(NetworkRequest<Data>.get("blob").query("id", target))
            guard data == blob else { throw StressFailure("send \(id): \(data.count) bytes, not the blob") }
        case .stream:
            for try await _ in try await client.stream(NetworkRequest<Data>.get("events").query("id", target)).body {}
        case .download:
            let download = try await client.download(
                NetworkRequest<Data>.get("blob").query("id", target), to: destination)
            guard try Data(contentsOf: download.url) == blob else {
                throw StressFailure("download \(id): not the blob")
            }
            try FileManager.default.removeItem(at: download.url)
        case .uploadFile:
            _ = try await client.send(
                NetworkRequest<Data>.put("upload", body: nil).query("id", target).body(try TransferBody(fileAt: upload))
            )
        case .uploadForm:
            var form = MultipartForm()
            form.append("stress \(id)", name: "note")
            try form.append(fileAt: upload, name: "file")
            _ = try await client.send(NetworkRequest<Data>.post("upload").query("id", target).multipart(form))
        case .redirected:
            let data = try await client.send(NetworkRequest<Data>.get("redirect").query("id", target))
            guard data == blob else { throw StressFailure("redirected \(id): \(data.count) bytes, not the blob") }
        case .retried:
            let data = try await client.send(NetworkRequest<Data>.get("flaky").query("id", target))
            guard data == blob else { throw StressFailure("retried \(id): \(data.count) bytes, not the blob") }
        case .uploadStream:
            let chunks = AsyncStream<Data> { continuation in
                for start in stride(from: 0, to: size / 2, by: 64 << 10) {
                    continuation.yield(blob[start..<min(start + (64 << 10), size / 2)])
                }
                continuation.finish()
            }
            let body = TransferBody(chunks, length: size / 2)
            _ = try await client.send(NetworkRequest<Data>.post("upload").query("id", target).body(body))
        }
    }

    /// The `flaky` transfers that were already answered with a `503`.
    private static let failedOnce = Mutex<Set<String>>([])

    /// An event stream as long as a quarter of the blob.
    private static let events = Data(String(repeating: "data: tick\n\n", count: size / 48).utf8)

    /// The blob, the event stream, and an upload that is read whole.
    private static func routes(_ request: HTTPTestServer.Received, _ server: HTTPTestServer) -> [HTTPTestServer.Step] {
        switch request.path {
        case "/blob":
            return HTTPTestServer.reply(200, ["Content-Type": "application/octet-stream"], blob)
        case "/events":
            return HTTPTestServer.reply(200, ["Content-Type": "text/event-stream"], events)
        case "/upload":
            return HTTPTestServer.reply(200, [:], Data("\(request.body.count)".utf8))
        case "/redirect":
            return HTTPTestServer.reply(302, ["Location": "/blob?id=\(request.query["id"] ?? "")"])
        case "/flaky":
            // The first request of each transfer fails; the retry gets the blob.
            guard Self.failedOnce.withLock({ $0.insert(request.query["id"] ?? "").inserted }) else {
                return HTTPTestServer.reply(200, ["Content-Type": "application/octet-stream"], blob)
            }
            return HTTPTestServer.reply(503, ["Retry-After": "0"])
        default:
            return HTTPTestServer.reply(404, [:])
        }
    }

    /// The names of the SDK's temporary upload copies now.
    /// The temporary upload copies made since `before` that stay. A copy
    /// goes as its task ends, which can come just after the transfer's
    /// result, and suites running at the same time make copies of their
    /// own in the same folder: so each new copy is waited for until it
    /// goes. One that never goes is a leak; the bound only catches that.
    private static func uploadsLeft(after before: Set<String>) async throws -> Set<String> {
        var left = try temporaryUploads().subtracting(before)
        let deadline = ContinuousClock.now + .seconds(60)
        while !left.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            left.formIntersection(try temporaryUploads())
        }
        return left
    }

    private static func temporaryUploads() throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
                .filter { $0.hasPrefix("networking-") })
    }
}

/// A transfer that completed with the wrong bytes.
private struct StressFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What the observers saw of each transfer, by its `id` query item.
///
/// Records come on the task that made the request, so a transfer's are all
/// in when its task ends, but for a stream let go by its reader, whose end
/// is reported as the reader goes.
private final class FinalRecords: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [String: [String]] = [:]

    func add(_ record: NetworkLogRecord) {
        guard let id = URLComponents(string: record.url)?.queryItems?.first(where: { $0.name == "id" })?.value
        else { return }
        let name: String
        switch record.event {
        case .request: name = "request"
        case .redirect: name = "redirect"
        case .retrying: name = "retrying"
        case .revalidated: name = "revalidated"
        case .response(let status): name = status < 400 ? "response" : "response-error"
        case .failure: name = "failure"
        case .streamEnded: name = "streamEnded"
        case .streamFailed: name = "streamFailed"
        case .streamStopped: name = "streamStopped"
        case .resuming: name = "resuming"
        @unknown default: name = "other"
        }
        condition.withLock {
            events[id, default: []].append(name)
            condition.broadcast()
        }
    }

    /// Whether a transfer's records are all in: anything but a stream
    /// whose head arrived and whose end is not reported yet.
    private func isComplete(_ id: String, isStream: Bool) -> Bool {
        !(isStream && events[id]?.last == "response")
    }

    /// Waits until every transfer's records are in (a hang catcher bounds
    /// the wait, never a moment); the transfers still waiting.
    func waitForFinals(of transfers: [(Int, Bool)]) async throws -> [String] {
        try await Blocking.run {
            self.condition.withLock {
                let deadline = Date(timeIntervalSinceNow: 300)
                while true {
                    let open = transfers.filter { !self.isComplete("t\($0.0)", isStream: $0.1) }
                    guard !open.isEmpty, self.condition.wait(until: deadline) else {
                        return open.map { "t\($0.0): \(self.events["t\($0.0)"] ?? [])" }
                    }
                }
            }
        }
    }

    /// Transfers whose records do not end them exactly once. A transfer
    /// is attempts in turn, a `retrying` between two; an attempt is a
    /// `request` (and after each `redirect`, another), ended by one
    /// `response` or `failure`; a stream's answered attempt ends with one
    /// `streamEnded`, `streamFailed` or `streamStopped` after its
    /// `response`; a redirect not followed, or a wait for a retry,
    /// cancelled ends with a `failure`. A transfer cancelled before it sent
    /// anything has no records.
    func problems(streams: Set<String>) -> [String] {
        condition.withLock {
            events.compactMap { id, names in
                Self.isWhole(names, isStream: streams.contains(id)) ? nil : "\(id): \(names)"
            }.sorted()
        }
    }

    private static func isWhole(_ names: [String], isStream: Bool) -> Bool {
        // What may come next: the first request; after a redirect or a
        // retry, the next request or the cancel that ends the transfer; the
        // attempt's answer; a stream's end; or a retry or nothing.
        enum Expect { case request, nextRequestOrCancel, answer, streamEnd, ended }
        var expect = names.isEmpty ? Expect.ended : .request
        for name in names {
            switch (expect, name) {
            case (.request, "request"), (.nextRequestOrCancel, "request"):
                expect = .answer
            case (.answer, "redirect"):
                expect = .nextRequestOrCancel
            case (.answer, "response") where isStream:
                expect = .streamEnd
            case (.answer, "response"), (.answer, "response-error"), (.answer, "failure"),
                (.nextRequestOrCancel, "failure"):
                expect = .ended
            case (.streamEnd, "streamEnded"), (.streamEnd, "streamFailed"), (.streamEnd, "streamStopped"):
                expect = .ended
            case (.ended, "retrying"):
                expect = .nextRequestOrCancel
            default:
                return false
            }
        }
        return expect == .ended
    }
}
