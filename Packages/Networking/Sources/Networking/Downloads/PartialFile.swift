import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A download's bytes so far, in a temporary file beside its destination:
/// moved into place only when whole, removed on any failure.
///
/// Beside, not in the temporary directory, so the final move is a rename
/// on the same volume, never a copy. Like curl and URLSession's download
/// task, it does not wait for the disk (`fsync`) before the rename: the
/// file is whole and in place for every reader; what survives a power cut
/// is the page cache's business, and waiting for it took a gigabyte's
/// write-out from every download's time.
final class PartialFile {
    let destination: URL
    let url: URL
    private var handle: FileHandle?
    private(set) var length = 0
    /// Chunks not yet written: written together, 256 KiB or more at a time
    /// with one `writev`, as a session hands over 16 or 64 KiB at a time,
    /// and never copied on the way.
    private var pending: [Data] = []
    private var pendingBytes = 0
    private static let writeSize = 256 << 10

    convenience init(destination: URL) throws(NetworkError) {
        let url = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        guard destination.isFileURL else { throw FileFailure.writing(destination, "it is not a file URL") }
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            var isDirectory: ObjCBool = false
            let folder = destination.deletingLastPathComponent()
            let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
            throw FileFailure.writing(
                destination,
                exists && isDirectory.boolValue ? "its folder cannot be written" : "its folder does not exist")
        }
        try self.init(destination: destination, writingTo: url)
    }

    /// Writes the bytes to an existing `url` (tests give a link to
    /// `/dev/full`, a disk that is always full).
    init(destination: URL, writingTo url: URL) throws(NetworkError) {
        self.destination = destination
        self.url = url
        do {
            handle = try FileHandle(forWritingTo: url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw FileFailure.writing(destination, error)
        }
    }

    deinit {
        discard()
    }

    /// Appends a chunk.
    func append(_ chunk: Data) throws(NetworkError) {
        guard handle != nil else { throw FileFailure.writing(destination, "the download was already ended") }
        guard !chunk.isEmpty else { return }
        pending.append(chunk)
        pendingBytes += chunk.count
        length += chunk.count
        if pendingBytes >= Self.writeSize {
            try flush()
        }
    }

    /// Writes the pending chunks, in order.
    private func flush() throws(NetworkError) {
        guard let handle, !pending.isEmpty else { return }
        let failure = Self.withBuffers(of: pending[...], []) { buffers in
            FileWriter.write(buffers, to: handle.fileDescriptor)
        }
        if let failure {
            throw FileFailure.writing(destination, String(cString: strerror(failure)))
        }
        pending.removeAll(keepingCapacity: true)
        pendingBytes = 0
    }

    /// Runs `body` with the bytes of every chunk, which are valid only
    /// inside it.
    private static func withBuffers<Result>(
        of chunks: ArraySlice<Data>, _ gathered: [UnsafeRawBufferPointer],
        _ body: ([UnsafeRawBufferPointer]) -> Result
    ) -> Result {
        guard let first = chunks.first else { return body(gathered) }
        return first.withUnsafeBytes { bytes in
            withBuffers(of: chunks.dropFirst(), gathered + [bytes], body)
        }
    }

    /// Empties the file, to start over.
    func truncate() throws(NetworkError) {
        pending.removeAll()
        pendingBytes = 0
        do {
            try handle?.truncate(atOffset: 0)
        } catch {
            throw FileFailure.writing(destination, error)
        }
        length = 0
    }

    /// Moves the whole file into place, replacing what was there.
    func complete() throws(NetworkError) {
        try flush()
        do {
            try handle?.close()
            handle = nil
            // rename(2) replaces an existing file in one step, so the
            // destination is never missing or half written.
            guard rename(url.path, destination.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            discard()
            throw FileFailure.writing(destination, error)
        }
    }

    /// Closes and removes the temporary file.
    func discard() {
        try? handle?.close()
        handle = nil
        try? FileManager.default.removeItem(at: url)
    }
}
