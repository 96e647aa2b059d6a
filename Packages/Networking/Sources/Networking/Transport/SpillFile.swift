import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An anonymous temporary file a stream's body waits in when its reader
/// falls too far behind for memory: written at the end, read from the
/// front, removed from its folder as soon as it is made, so nothing is left
/// on disk however the process ends.
///
/// Its writer and its reader each keep their own offset and use
/// `pwrite`/`pread`, which touch only the bytes they name: the reader
/// reads only bytes already written.
final class SpillFile: @unchecked Sendable {
    private let descriptor: Int32

    /// Creates the file in the temporary directory.
    init() throws(NetworkError) {
        let folder = FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("networking-stream-\(UUID().uuidString)").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw FileFailure.writing(folder, String(cString: strerror(errno)))
        }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes `data` at `offset`.
    func write(_ data: Data, at offset: Int) throws(NetworkError) {
        let failure: Int32? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var done = 0
            while done < bytes.count {
                let count = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += count
            }
            return nil
        }
        if let failure {
            throw FileFailure.writing(FileManager.default.temporaryDirectory, String(cString: strerror(failure)))
        }
    }

    /// Reads `count` bytes from `offset`, all written before.
    func read(_ count: Int, at offset: Int) throws(NetworkError) -> Data {
        var data = Data(count: count)
        let failure: Int32? = data.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var done = 0
            while done < count {
                let read = pread(descriptor, base + done, count - done, off_t(offset + done))
                if read < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if read == 0 { return EIO }
                done += read
            }
            return nil
        }
        if let failure {
            throw FileFailure.reading(FileManager.default.temporaryDirectory, String(cString: strerror(failure)))
        }
        return data
    }

    /// Gives the space back once every byte was read.
    func empty() {
        _ = ftruncate(descriptor, 0)
    }
}
