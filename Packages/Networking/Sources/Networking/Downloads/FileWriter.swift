import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes buffers to a file descriptor in order with `writev`, as many at a
/// time as the system takes, to their last byte.
enum FileWriter {
    /// The most buffers one `writev` takes (`IOV_MAX` is 1,024 on Linux and
    /// Apple platforms).
    private static let maxBuffers = 1024

    /// Writes every byte of `buffers`; the `errno` of a failed write, or
    /// `nil`.
    static func write(_ buffers: [UnsafeRawBufferPointer], to descriptor: Int32) -> Int32? {
        var vectors = buffers.compactMap { buffer in
            buffer.baseAddress.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0), iov_len: buffer.count) }
        }
        var start = 0
        while start < vectors.count {
            let end = min(vectors.count, start + maxBuffers)
            let written = vectors[start..<end].withUnsafeBufferPointer { slice in
                writev(descriptor, slice.baseAddress, Int32(slice.count))
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // A file that takes nothing would be written to forever.
            if written == 0 { return EIO }
            // Skip what went out: whole buffers, then part of one.
            var left = written
            while start < end, left >= vectors[start].iov_len {
                left -= vectors[start].iov_len
                start += 1
            }
            if left > 0, start < end, let base = vectors[start].iov_base {
                vectors[start].iov_base = base + left
                vectors[start].iov_len -= left
            }
        }
        return nil
    }
}
