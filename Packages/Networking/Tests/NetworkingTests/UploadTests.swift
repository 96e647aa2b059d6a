import Foundation
import Networking
import Synchronization
import Testing

@Suite("Uploads: files, forms and streams over URLSession", .timeLimit(.minutes(10)))
struct UploadTests {
    /// A server that answers every request with 200 and keeps what it got.
    private static func recordingServer() throws -> LoopbackServer {
        try LoopbackServer { _ in .respond(status: 200, body: Data("ok".utf8)) }
    }

    @Test("A multipart form with text and two files arrives byte for byte, with its length and type")
    func multipart() async throws {
        let folder = try TemporaryFolder()
        let server = try Self.recordingServer()
        defer { server.stop() }
        var form = MultipartForm()
        form.append("Greyhound", name: "title")
        try form.append(fileAt: folder.file("one.jpg", patterned(300_000)), name: "photo")
        try form.append(fileAt: folder.file("two.txt", Data("hello".utf8)), name: "notes")
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        _ = try await client.send(NetworkRequest<Data>.post("upload").multipart(form))
        let received = try #require(server.received.first)
        #expect(received.headers["content-type"] == form.contentType)
        #expect(received.headers["content-length"] == "\(form.length)")
        #expect(received.body == (try await form.body.collect(upTo: 1 << 20)))
    }

    @Test("A file upload reports progress in order up to its size, and the server gets the file")
    func fileWithProgress() async throws {
        let folder = try TemporaryFolder()
        let server = try Self.recordingServer()
        defer { server.stop() }
        let file = try folder.file("video.bin", patterned(2_000_000))
        let reports = Mutex<[TransferProgress]>([])
        let request = NetworkRequest<Data>(method: .put, path: "video")
            .body(try TransferBody(fileAt: file), contentType: "application/octet-stream")
            .uploadProgress { progress in reports.withLock { $0.append(progress) } }
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        _ = try await client.send(request)
        #expect(server.received.first?.body == patterned(2_000_000))
        let seen = reports.withLock { $0 }
        #expect(seen.last == TransferProgress(completed: 2_000_000, total: 2_000_000))
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        #expect(seen.count <= 103)
    }

    @Test("A form is sent url-encoded, in order, by the rules of query items")
    func urlEncodedForm() async throws {
        let server = try Self.recordingServer()
        defer { server.stop() }
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        _ = try await client.send(
            NetworkRequest<Data>.post("login").form([
                QueryItem(name: "user", value: "ada lovelace"), QueryItem(name: "note", value: "a+b&c=d/é"),
            ]))
        let received = try #require(server.received.first)
        #expect(received.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: received.body, as: UTF8.self) == "user=ada%20lovelace&note=a%2Bb%26c%3Dd%2F%C3%A9")
    }

    @Test("A one-shot stream is sent once; a 307 that needs it again fails with bodyNotReplayable")
    func oneShotStream() async throws {
        let server = try LoopbackServer { request in
            request.target == "/first"
                ? .respond(status: 307, headers: ["Location": "/second"]) : .respond(status: 200)
        }
        defer { server.stop() }
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        func stream() -> TransferBody {
            TransferBody(
                AsyncThrowingStream { continuation in
                    continuation.yield(Data("chunk one, ".utf8))
                    continuation.yield(Data("chunk two".utf8))
                    continuation.finish()
                })
        }
        _ = try await client.send(NetworkRequest<Data>.post("direct").body(stream()))
        #expect(server.received.first?.body == Data("chunk one, chunk two".utf8))
        do {
            _ = try await client.send(NetworkRequest<Data>.post("first").body(stream()))
            Issue.record("a one-shot body was followed through a 307")
        } catch {
            guard case .bodyNotReplayable = error else {
                Issue.record("got \(error)")
                return
            }
        }
        #expect(server.received.map(\.target) == ["/direct", "/first"])
    }

    @Test("A file is sent again after a 307, from its first byte")
    func fileAfterRedirect() async throws {
        let folder = try TemporaryFolder()
        let server = try LoopbackServer { request in
            request.target == "/first"
                ? .respond(status: 307, headers: ["Location": "/second"]) : .respond(status: 200)
        }
        defer { server.stop() }
        let file = try folder.file("a.bin", patterned(100_000))
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        _ = try await client.send(NetworkRequest<Data>.post("first").body(try TransferBody(fileAt: file)))
        #expect(server.received.map(\.target) == ["/first", "/second"])
        #expect(server.received.allSatisfy { $0.body == patterned(100_000) })
    }

    @Test("A file that changes while it is sent fails with fileFailed, not with the session's error")
    func fileChangesMidUpload() async throws {
        let folder = try TemporaryFolder()
        let server = try Self.recordingServer()
        defer { server.stop() }
        let file = try folder.file("a.bin", patterned(100_000))
        let body = try TransferBody(fileAt: file)
        try patterned(10).write(to: file)
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport.shared)
        do {
            _ = try await client.send(NetworkRequest<Data>.post("up").body(body))
            Issue.record("a shrunken file was sent")
        } catch {
            guard case .fileFailed(let failure) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failure.path == file.path)
        }
    }

    @Test("The cURL description shows a form's fields and files, with secrets redacted")
    func curl() throws {
        var form = MultipartForm()
        form.append("hunter2-secret", name: "api_key")
        form.append("A title", name: "title")
        form.append(Data([1]), name: "thumb", filename: "t.png")
        let client = NetworkClient(baseURL: URL(string: "https://example.com")!)
        let text = try client.cURLDescription(for: NetworkRequest<Data>.post("upload").multipart(form))
        #expect(text.contains("--form-string 'title=A title'"))
        #expect(text.contains("-F 'thumb=@t.png;type=image/png'"))
        #expect(!text.contains("hunter2-secret"))
    }
}

@Suite("Uploads cancelled at any moment", .timeLimit(.minutes(10)))
struct UploadCancellationTests {
    @Test("Many uploads cancelled at random moments each end with cancelled or the answer, one final record each")
    func manyCancellations() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.file("big.bin", patterned(2_000_000))
        let server = try LoopbackServer { _ in .respond(status: 200, body: Data("ok".utf8)) }
        defer { server.stop() }
        // The final records of the attempts: an answer or a failure.
        let finals = KeptRecords { event in
            switch event {
            case .response, .failure: true
            default: false
            }
        }
        var configured = NetworkClient(
            baseURL: server.baseURL, transport: URLSessionTransport.shared, retryPolicy: .never)
        configured.observers = [finals.observer]
        let client = configured
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                let upload = Task {
                    var form = MultipartForm()
                    form.append("upload \(index)", name: "title")
                    try form.append(fileAt: file, name: "file")
                    return try await client.send(NetworkRequest<Data>.post("upload/\(index)").multipart(form))
                }
                group.addTask {
                    for _ in 0..<(index * 5) { await Task.yield() }
                    upload.cancel()
                    switch await upload.result {
                    case .success: return "answered"
                    case .failure(NetworkError.cancelled): return "cancelled"
                    case .failure(let error): return "\(error)"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == "answered" || $0 == "cancelled" }, "\(outcomes)")
        // Every upload that reached the transport has exactly one final record.
        let urls = finals.all.map(\.url)
        #expect(Set(urls).count == urls.count, "one final record per upload: \(urls)")
        #expect(urls.count <= outcomes.count)
    }
}
