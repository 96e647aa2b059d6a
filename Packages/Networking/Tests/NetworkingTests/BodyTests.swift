import Foundation
import Synchronization
import Testing

@testable import Networking

@Suite("Bodies: bytes, files, forms and streams", .timeLimit(.minutes(10)))
struct BodyTests {
    @Test("A multipart form is encoded per RFC 7578, its length is its bytes, and its files are read as sent")
    func multipartEncoding() async throws {
        let folder = try TemporaryFolder()
        let photo = try folder.file("greyhound.jpg", patterned(100_000))
        var form = MultipartForm()
        form.append("Sunny afternoon", name: "title")
        form.append(Data([0, 1, 2]), name: "thumb", filename: "t.png")
        try form.append(fileAt: photo, name: "photo")
        let encoded = try await form.body.collect(upTo: 1 << 20)
        #expect(encoded.count == form.length)
        #expect(form.body.length == form.length)
        let boundary = form.boundary
        var expected = Data()
        expected.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nSunny afternoon\r\n"
                    + "--\(boundary)\r\nContent-Disposition: form-data; name=\"thumb\"; filename=\"t.png\"\r\n"
                    + "Content-Type: image/png\r\n\r\n").utf8))
        expected.append(Data([0, 1, 2]))
        expected.append(
            Data(
                ("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"greyhound.jpg\"\r\n"
                    + "Content-Type: image/jpeg\r\n\r\n").utf8))
        expected.append(patterned(100_000))
        expected.append(Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(encoded == expected)
        #expect(form.contentType == "multipart/form-data; boundary=\(boundary)")
    }

    @Test("Names and filenames are escaped as the HTML standard escapes them")
    func multipartEscaping() async throws {
        var form = MultipartForm()
        form.append(Data("x".utf8), name: "a\"b\r\nc", filename: "ünï\"\n.txt", contentType: "text/plain\r\nX-Evil: 1")
        let text = String(decoding: try await form.body.collect(upTo: 1 << 20), as: UTF8.self)
        #expect(text.contains(#"name="a%22b%0D%0Ac"; filename="ünï%22%0A.txt""#))
        #expect(!text.contains("\r\nX-Evil"))
    }

    @Test("A boundary that occurs in a part is replaced by one that does not")
    func boundaryCollision() async throws {
        var form = MultipartForm()
        let first = form.boundary
        form.append("before --\(first) after", name: "note")
        #expect(form.boundary != first)
        let text = String(decoding: try await form.body.collect(upTo: 1 << 20), as: UTF8.self)
        #expect(text.components(separatedBy: "--\(form.boundary)").count == 3)
    }

    @Test("A file that shrinks or grows after its body was made fails the read, and never sends other bytes")
    func changingFile() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.file("f.bin", patterned(200_000))
        let shrinking = try TransferBody(fileAt: file)
        try patterned(50_000).write(to: file)
        let shrunk = await Self.error { try await shrinking.collect(upTo: 1 << 20) }
        guard case .fileFailed(let failure)? = shrunk else {
            Issue.record("a file that shrank: \(String(describing: shrunk))")
            return
        }
        #expect(failure.operation == .reading)
        #expect(failure.reason.contains("shorter"))
        let growing = try TransferBody(fileAt: file)
        try patterned(60_000).write(to: file)
        let grown = await Self.error { try await growing.collect(upTo: 1 << 20) }
        guard case .fileFailed(let failure)? = grown else {
            Issue.record("a file that grew: \(String(describing: grown))")
            return
        }
        #expect(failure.reason.contains("longer"))
    }

    /// The error `operation` throws, or `nil` when it succeeds.
    static func error(_ operation: () async throws -> Data) async -> NetworkError? {
        do {
            _ = try await operation()
            return nil
        } catch {
            return error as? NetworkError
        }
    }

    @Test("A missing file, a folder or a non-file URL is refused when the body is made")
    func unreadableFiles() throws {
        let folder = try TemporaryFolder()
        for url in [
            folder.url.appendingPathComponent("missing"), folder.url, URL(string: "https://example.com/x")!,
        ] {
            #expect(throws: NetworkError.self) { try TransferBody(fileAt: url) }
        }
    }

    @Test("A one-shot stream is read once; a replayable one again; a wrong length fails")
    func streams() async throws {
        let chunks = [Data("ab".utf8), Data("cd".utf8)]
        let oneShot = TransferBody(
            AsyncThrowingStream { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            })
        #expect(!oneShot.isReplayable)
        #expect(try await oneShot.collect(upTo: 100) == Data("abcd".utf8))
        let again = await Self.error { try await oneShot.collect(upTo: 100) }
        guard case .bodyNotReplayable? = again else {
            Issue.record("a one-shot body read twice: \(String(describing: again))")
            return
        }
        let replayable = TransferBody(chunks.async, length: 4, isReplayable: true)
        #expect(try await replayable.collect(upTo: 100) == Data("abcd".utf8))
        #expect(try await replayable.collect(upTo: 100) == Data("abcd".utf8))
        let short = await Self.error { try await TransferBody(chunks.async, length: 5).collect(upTo: 100) }
        guard case .incompleteBody(expected: 5, received: 4)? = short else {
            Issue.record("a stream short of its length: \(String(describing: short))")
            return
        }
    }

    @Test("Progress comes in order, about a hundred times, and ends at the total")
    func progress() async throws {
        let reports = Mutex<[TransferProgress]>([])
        let body = TransferBody(patterned(1_000_000)).reporting { progress in
            reports.withLock { $0.append(progress) }
        }
        _ = try await body.collect(upTo: 2 << 20)
        let seen = reports.withLock { $0 }
        #expect(seen.first == TransferProgress(completed: 0, total: 1_000_000))
        #expect(seen.last == TransferProgress(completed: 1_000_000, total: 1_000_000))
        #expect(seen.count <= 102)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        #expect(seen.last?.description == "1000000 of 1000000 bytes (100 %)")
    }

    @Test("A body describes its kind and size, never its content")
    func descriptions() throws {
        let folder = try TemporaryFolder()
        let file = try folder.file("secret-plans.txt", Data("token=abc".utf8))
        #expect(TransferBody("password=hunter2").description == "<16 bytes>")
        #expect(try TransferBody(fileAt: file).description == "<file secret-plans.txt, 9 bytes>")
        var form = MultipartForm()
        form.append("hunter2", name: "password")
        #expect(!form.body.description.contains("hunter2"))
    }
}

/// Chunks as an async sequence that starts from the first chunk each time
/// it is iterated: a replayable stream.
struct ChunkList: AsyncSequence, Sendable {
    let chunks: [Data]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<Data>

        mutating func next() async -> Data? {
            rest.popFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rest: chunks[...])
    }
}

extension Array where Element == Data {
    /// The chunks as an async sequence that can be iterated again.
    var async: ChunkList { ChunkList(chunks: self) }
}
