import Foundation
import Networking
import Testing

/// Uploads and downloads against servers that misbehave, over both
/// transports: each ends with the right file or a clear `NetworkError`,
/// and nothing waits without bound.
@Suite("Hostile servers and file transfers, over every transport", .timeLimit(.minutes(10)))
struct HostileTransferTests {
    @Test(
        "A server that answers 413 without reading an upload: a clear error, no hang", arguments: TransportKind.allCases
    )
    func refusedUpload(kind: TransportKind) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("refused-\(UUID()).bin")
        try Data(count: 24 << 20).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await HostileServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .never)
            let upload = NetworkRequest<Data>.post("refuse-upload").body(try TransferBody(fileAt: file))
            await #expect {
                _ = try await client.send(upload)
            } throws: { error in
                // The 413 itself, or the connection the server closed under
                // the upload: both are a clear end.
                switch error as? NetworkError {
                case .httpStatus(let failure)?: return failure.status == 413
                case .connectionLost?, .transportFailed?: return true
                default: return false
                }
            }
        }
    }

    @Test(
        "A file that shrinks or grows after its body was made fails its upload with fileFailed, whole or chunked",
        arguments: TransportKind.allCases, [64 << 10, 12 << 20])
    func changedUpload(kind: TransportKind, size: Int) async throws {
        for change in [-size / 2, 1] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("changed-\(UUID()).bin")
            try Data(count: size).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let body = try TransferBody(fileAt: file)
            let handle = try FileHandle(forWritingTo: file)
            if change < 0 {
                try handle.truncate(atOffset: UInt64(size + change))
            } else {
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(count: change))
            }
            try handle.close()
            try await HostileServer.run { server in
                let client = NetworkClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .never)
                await #expect("\(kind), \(size) bytes, changed by \(change)") {
                    _ = try await client.send(NetworkRequest<Data>.post("echo").body(body))
                } throws: { error in
                    guard case .fileFailed(let failure)? = error as? NetworkError else { return false }
                    return failure.operation == .reading
                }
            }
        }
    }

    @Test(
        "A download cut at many points resumes with Range and ends whole",
        arguments: TransportKind.allCases, [1, 4_096, 65_535, 65_536, 99_999])
    func cutDownload(kind: TransportKind, at: Int) async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID()).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        try await HostileServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .never)
            let download = try await client.download(
                NetworkRequest<Data>.get("cut").query("at", String(at)), to: destination)
            #expect(download.resumes == 1)
            #expect(try Data(contentsOf: destination) == HostileRoutes.cutBody)
        }
    }

    @Test(
        "A download cut with no resumes left ends with incompleteBody and leaves nothing",
        arguments: TransportKind.allCases)
    func cutWithoutResumes(kind: TransportKind) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await HostileServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .never)
            await #expect {
                _ = try await client.download(
                    NetworkRequest<Data>.get("cut").query("at", "5000"), to: folder.appendingPathComponent("f.bin"),
                    options: DownloadOptions(maxResumes: 0))
            } throws: { error in
                guard case .incompleteBody(expected: 100_000, received: 5_000)? = error as? NetworkError else {
                    return false
                }
                return true
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("An uncut download ends whole, with no resume", arguments: TransportKind.allCases)
    func download(kind: TransportKind) async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("whole-\(UUID()).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        try await HostileServer.run { server in
            let client = NetworkClient(baseURL: server.baseURL, transport: kind.make(), retryPolicy: .never)
            let download = try await client.download(
                NetworkRequest<Data>.get("cut").query("at", "100000"), to: destination)
            #expect(download.byteCount == 100_000 && download.resumes == 0)
        }
    }
}
