import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a child process's output to the end.
public enum PipeReader {
    /// Everything the pipe carries until the writer closes it, read on a
    /// background queue so the child never blocks on a full pipe.
    ///
    /// A plain `read` loop: Foundation's `readDataToEndOfFile()` traps when a
    /// signal (another child exiting) interrupts the read, where retrying is
    /// right.
    public static func readAll(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                    if count > 0 {
                        data.append(contentsOf: buffer[..<count])
                    } else if count < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                continuation.resume(returning: data)
            }
        }
    }
}
