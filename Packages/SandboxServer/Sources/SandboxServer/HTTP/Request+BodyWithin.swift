import Hummingbird
import NIOCore

extension Request {
    /// The whole body, or `nil` when it is over `limit` bytes: refused by
    /// its declared `Content-Length` before any byte is read, or as soon as
    /// the bytes read pass the limit.
    func body(within limit: Int) async throws -> ByteBuffer? {
        if let declared = headers[.contentLength].flatMap(Int.init), declared > limit {
            return nil
        }
        var collected = ByteBuffer()
        for try await part in body {
            guard collected.readableBytes + part.readableBytes <= limit else { return nil }
            collected.writeImmutableBuffer(part)
        }
        return collected
    }
}
