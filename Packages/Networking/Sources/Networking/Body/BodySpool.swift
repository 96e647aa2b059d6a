import Foundation

/// The file a transport uploads a body from: a file body's own file, or a
/// temporary copy of a form or a stream, written a chunk at a time, so
/// memory holds one chunk however large the body.
struct BodySpool: Sendable {
    /// The file to send.
    let url: URL
    /// The length the body declared, for a file body.
    private let declared: Int?
    /// The number of bytes in the file.
    let length: Int
    /// Removes a temporary copy; does nothing for a file body.
    let cleanup: (@Sendable () -> Void)?

    /// A file body is checked against its declared length before it is
    /// sent; anything else is copied.
    static func file(for body: TransferBody) async throws(NetworkError) -> BodySpool {
        if case .file(let url, let length) = body.source {
            let spool = BodySpool(url: url, declared: length, length: length, cleanup: nil)
            try spool.checkUnchanged()
            return spool
        }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("networking-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw FileFailure.writing(url, "the temporary copy could not be created") }
        let cleanup: @Sendable () -> Void = { try? FileManager.default.removeItem(at: url) }
        var length = 0
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            // Progress is what is sent, not what is copied.
            for try await chunk in TransferBody(source: body.source, length: body.length) {
                try handle.write(contentsOf: chunk)
                length += chunk.count
            }
        } catch {
            cleanup()
            switch error {
            case let error as NetworkError: throw error
            case is CancellationError: throw .cancelled
            default: throw FileFailure.writing(url, error)
            }
        }
        return BodySpool(url: url, declared: nil, length: length, cleanup: cleanup)
    }

    /// Throws ``NetworkError/fileFailed(_:)`` when a file body's file no
    /// longer has the length it had when the body was made.
    func checkUnchanged() throws(NetworkError) {
        guard let declared else { return }
        let size = try FileFailure.size(ofFileAt: url)
        if size < declared {
            throw FileFailure.reading(url, "it became shorter while it was sent (\(declared - size) bytes missing)")
        }
        if size > declared {
            throw FileFailure.reading(url, "it became longer while it was sent")
        }
    }
}
