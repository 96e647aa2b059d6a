#if SandboxServer
    import Hummingbird
    import NIOCore

    extension Request {
        /// The whole body, or `nil` when it is over `limit` bytes: refused by
        /// its declared `Content-Length` before any byte is read, or as soon as
        /// the bytes read pass the limit. The limit is only asked for when the
        /// request has a body (finding it means finding the request's service).
        func body(within limit: @autoclosure () -> Int) async throws -> ByteBuffer? {
            // Without either field an HTTP/1.1 request has no body (RFC 9112,
            // 6.3), and NIO's parser holds it to that: nothing to wait for.
            // Most requests (every GET) end here without a trip through the
            // body's stream.
            let contentLength = headers[.contentLength]
            if contentLength == nil, headers[.transferEncoding] == nil {
                return ByteBuffer()
            }
            let limit = limit()
            // NIO's parser has checked the field; read it as digits only, and
            // any length too long for an Int is over every limit.
            if let field = contentLength, field.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                guard field.utf8.count <= 18 else { return nil }
                let declared = Int(field) ?? .max  // safe: at most 18 ASCII digits, which always fit an Int
                guard declared <= limit else { return nil }
            }
            var collected = ByteBuffer()
            for try await part in body {
                guard collected.readableBytes + part.readableBytes <= limit else { return nil }
                collected.writeImmutableBuffer(part)
            }
            return collected
        }
    }
#endif
