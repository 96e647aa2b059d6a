import Foundation
import Synchronization
import Testing

@testable import Networking

@Suite("Downloads to a file", .timeLimit(.minutes(10)))
struct DownloadTests {
    private static let content = patterned(1_500_000)

    private static func client(_ server: LoopbackServer) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
    }

    @Test("A download lands whole at its destination, with progress in order to its size, and nothing else")
    func whole() async throws {
        let folder = try TemporaryFolder()
        let server = try LoopbackServer { _ in .respond(status: 200, body: Self.content) }
        defer { server.stop() }
        let destination = folder.url.appendingPathComponent("photo.jpg")
        let reports = Mutex<[TransferProgress]>([])
        let download = try await Self.client(server).download(
            NetworkRequest<Data>.get("photo.jpg"), to: destination,
            options: DownloadOptions { progress in reports.withLock { $0.append(progress) } })
        #expect(download.byteCount == Self.content.count)
        #expect(download.resumes == 0)
        #expect(try Data(contentsOf: destination) == Self.content)
        #expect(folder.contents == ["photo.jpg"])
        let seen = reports.withLock { $0 }
        #expect(seen.last == TransferProgress(completed: Self.content.count, total: Self.content.count))
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        #expect(seen.count <= 103)
    }

    @Test("A download cut off resumes with Range and If-Range, and the file is whole")
    func resumes() async throws {
        let folder = try TemporaryFolder()
        let total = Self.content.count
        let server = try LoopbackServer { request in
            guard let range = request.headers["range"] else {
                return .truncated(declared: total, body: Self.content.prefix(600_000), headers: ["ETag": "\"v1\""])
            }
            guard request.headers["if-range"] == "\"v1\"", range.hasPrefix("bytes="),
                let start = Int(range.dropFirst(6).dropLast())
            else { return .respond(status: 400) }
            return .respond(
                status: 206, headers: ["Content-Range": "bytes \(start)-\(total - 1)/\(total)", "ETag": "\"v1\""],
                body: Self.content[start...])
        }
        defer { server.stop() }
        let destination = folder.url.appendingPathComponent("big.bin")
        let records = KeptRecords { event in
            switch event {
            case .resuming, .retrying: true
            default: false
            }
        }
        var client = Self.client(server)
        client.retryPolicy = .never
        client.observers = [records.observer]
        let download = try await client.download(NetworkRequest<Data>.get("big.bin"), to: destination)
        #expect(download.resumes == 1)
        #expect(try Data(contentsOf: destination) == Self.content)
        // The log says it is a resume, and from where, even with no retries.
        let logged = records.all
        guard logged.count == 1, case .resuming(_, let offset) = logged[0].event else {
            Issue.record("expected one resuming record, got \(logged.map(\.description))")
            return
        }
        #expect(offset == 600_000)
        #expect(logged[0].description.hasSuffix("resuming from byte 600000"), "\(logged[0])")
        #expect(server.received.count == 2)
        #expect(server.received.last?.headers["range"] == "bytes=600000-")
        #expect(folder.contents == ["big.bin"])
    }

    @Test("Without a validator, or when the server answers 200 to a Range, the download starts over")
    func startsOver() async throws {
        let folder = try TemporaryFolder()
        let attempts = Mutex(0)
        let server = try LoopbackServer { _ in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            return attempt == 1
                ? .truncated(declared: Self.content.count, body: Self.content.prefix(300_000))
                : .respond(status: 200, body: Self.content)
        }
        defer { server.stop() }
        let destination = folder.url.appendingPathComponent("big.bin")
        let download = try await Self.client(server).download(NetworkRequest<Data>.get("big.bin"), to: destination)
        #expect(download.resumes == 1)
        #expect(server.received.last?.headers["range"] == nil)
        #expect(try Data(contentsOf: destination) == Self.content)
    }

    @Test("Past the maximum size, in the head or in the body, nothing is left at the destination")
    func maxSize() async throws {
        let folder = try TemporaryFolder()
        let server = try LoopbackServer { request in
            request.target.contains("chunked")
                ? .chunks([(0, Self.content.prefix(70_000)), (0, Self.content.prefix(70_000))])
                : .respond(status: 200, body: Self.content)
        }
        defer { server.stop() }
        for path in ["declared", "chunked"] {
            let destination = folder.url.appendingPathComponent(path)
            do {
                _ = try await Self.client(server).download(
                    NetworkRequest<Data>.get(path), to: destination, options: DownloadOptions(maxSize: 100_000))
                Issue.record("a \(path) body past the limit was downloaded")
            } catch {
                guard case .responseTooLarge(limit: 100_000) = error else {
                    Issue.record("got \(error)")
                    continue
                }
            }
        }
        #expect(folder.contents.isEmpty)
    }

    @Test("A destination that cannot be written fails with fileFailed, and an existing file is kept until the end")
    func unwritable() async throws {
        let folder = try TemporaryFolder()
        let server = try LoopbackServer { _ in .respond(status: 200, body: Self.content) }
        defer { server.stop() }
        let missing = folder.url.appendingPathComponent("no-such-folder/file.bin")
        do {
            _ = try await Self.client(server).download(NetworkRequest<Data>.get("x"), to: missing)
            Issue.record("downloaded into a missing folder")
        } catch {
            guard case .fileFailed(let failure) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failure.operation == .writing)
        }
        let existing = try folder.file("keep.bin", Data("old".utf8))
        _ = try await Self.client(server).download(NetworkRequest<Data>.get("x"), to: existing)
        #expect(try Data(contentsOf: existing) == Self.content)
    }

    @Test(
        "A disk that fills mid-download fails with fileFailed saying so; the partial file goes, the destination is untouched",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func diskFull() throws {
        let folder = try TemporaryFolder()
        let destination = try folder.file("photo.jpg", Data("old".utf8))
        // The partial file is a link to /dev/full, where every write fails
        // with ENOSPC; discarding it removes the link only.
        let partial = folder.url.appendingPathComponent(".photo.jpg.download")
        try FileManager.default.createSymbolicLink(atPath: partial.path, withDestinationPath: "/dev/full")
        let file = try PartialFile(destination: destination, writingTo: partial)
        do {
            for _ in 0..<20 { try file.append(Data(count: 16 << 10)) }
            try file.complete()
            Issue.record("wrote to a full disk")
        } catch {
            guard case .fileFailed(let failure) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failure.operation == .writing)
            #expect("\(error)".contains("No space left on device"))
        }
        file.discard()
        #expect(folder.contents == ["photo.jpg"])
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(FileManager.default.fileExists(atPath: "/dev/full"))
    }

    @Test(
        "Cancelling downloads at many moments ends each with cancelled or a whole file, one final record, no partial file"
    )
    func cancellations() async throws {
        let folder = try TemporaryFolder()
        let chunk = 32 << 10
        let server = try LoopbackServer { _ in
            .chunks(stride(from: 0, to: 640 << 10, by: chunk).map { (0.002, Self.content[$0..<$0 + chunk]) })
        }
        defer { server.stop() }
        // Each attempt's start, and how it ended: its body's end, or a
        // failure before the body began.
        let records = KeptRecords { event in
            switch event {
            case .request, .streamEnded, .streamFailed, .streamStopped, .failure: true
            default: false
            }
        }
        var configured = Self.client(server)
        configured.observers = [records.observer]
        let client = configured
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<16 {
                let destination = folder.url.appendingPathComponent("file-\(index)")
                let download = Task {
                    try await client.download(NetworkRequest<Data>.get("f\(index)"), to: destination)
                }
                group.addTask {
                    for _ in 0..<(index * 3) { await Task.yield() }
                    download.cancel()
                    switch await download.result {
                    case .success(let done):
                        return done.byteCount == 640 << 10 ? "whole" : "short"
                    case .failure(NetworkError.cancelled):
                        return FileManager.default.fileExists(atPath: destination.path)
                            ? "cancelled, file left" : "cancelled"
                    case .failure(let error):
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == "whole" || $0 == "cancelled" }, "\(outcomes)")
        #expect(folder.contents.allSatisfy { !$0.hasSuffix(".download") }, "\(folder.contents)")
        // A download cancelled before its request went out has no record
        // at all; every one that started has exactly one end.
        let started = records.all.filter { if case .request = $0.event { true } else { false } }.map(\.url)
        let ended = records.all.filter { if case .request = $0.event { false } else { true } }.map(\.url)
        #expect(ended.sorted() == started.sorted(), "one final record per download: \(records.all)")
        #expect(Set(started).count == started.count)
    }

    @Test("The completion-handler download calls progress and completion on the main queue")
    func completionHandler() async throws {
        let folder = try TemporaryFolder()
        let server = try LoopbackServer { _ in .respond(status: 200, body: Self.content) }
        defer { server.stop() }
        let destination = folder.url.appendingPathComponent("photo.jpg")
        let (ended, signal) = AsyncStream<Result<Download, NetworkError>>.makeStream()
        let reports = Mutex(0)
        Self.client(server).download(
            NetworkRequest<Data>.get("photo.jpg"), to: destination,
            options: DownloadOptions { _ in
                dispatchPrecondition(condition: .onQueue(.main))
                reports.withLock { $0 += 1 }
            },
            completion: { result in
                dispatchPrecondition(condition: .onQueue(.main))
                signal.yield(result)
            })
        var iterator = ended.makeAsyncIterator()
        let result = await iterator.next()
        #expect((try? result?.get())?.byteCount == Self.content.count)
        #expect(reports.withLock { $0 } > 0)
    }
}
