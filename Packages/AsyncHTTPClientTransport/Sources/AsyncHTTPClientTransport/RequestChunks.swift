#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOFoundationCompat
    import Networking

    /// A request body as AsyncHTTPClient sends it: one chunk at a time, each
    /// taken from the body only once the event loops have taken the one before.
    ///
    /// AsyncHTTPClient asks for the next chunk as soon as it has queued the
    /// last one's write on the connection's event loop, and pauses a body only
    /// when the connection stops being writable, which the loop learns when it
    /// runs that write. A producer that reads faster than the loop runs (a file
    /// on a busy machine, a slow server) would queue writes without bound:
    /// hundreds of megabytes for a 1 GiB upload. Waiting, before each chunk,
    /// for a task on every loop of the client's group (the connection's loop is
    /// not known here) lets the queued write run first, so the pause is seen
    /// in time: at most two chunks and the channel's write buffer are in
    /// flight, busy or quiet.
    ///
    /// Bytes, files and forms are read straight into buffers of
    /// ``chunkSize`` bytes; a stream's chunks are copied into buffers as they
    /// come.
    struct RequestChunks: AsyncSequence, Sendable {
        typealias Element = ByteBuffer

        let body: TransferBody
        let eventLoops: [any EventLoop]

        init(_ body: TransferBody, eventLoopGroup: any EventLoopGroup) {
            self.body = body
            eventLoops = Array(eventLoopGroup.makeIterator())
        }

        /// How many bytes of a file or a form a buffer takes: large enough that
        /// a gigabyte is a few thousand writes, small enough that two in flight
        /// cost nothing.
        static let chunkSize = 2 << 20

        struct AsyncIterator: AsyncIteratorProtocol {
            /// Where the bytes come from: read into buffers, or chunks.
            enum Source {
                case reader(BodyReader)
                case chunks(TransferBody.AsyncIterator)
            }

            var source: Source
            let eventLoops: [any EventLoop]
            let allocator = ByteBufferAllocator()
            var hasHandedOver = false

            mutating func next() async throws -> ByteBuffer? {
                if hasHandedOver, let first = eventLoops.first {
                    try await EventLoopFuture.andAllSucceed(eventLoops.map { $0.submit {} }, on: first).get()
                }
                hasHandedOver = true
                switch source {
                case .reader(let reader):
                    var buffer = allocator.buffer(capacity: RequestChunks.chunkSize)
                    let count = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: RequestChunks.chunkSize) {
                        try reader.read(
                            into: UnsafeMutableRawBufferPointer(rebasing: $0.prefix(RequestChunks.chunkSize)))
                    }
                    return count > 0 ? buffer : nil
                case .chunks(var chunks):
                    defer { source = .chunks(chunks) }
                    return try await chunks.next().map { ByteBuffer(data: $0) }
                }
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            let source = BodyReader(body).map(AsyncIterator.Source.reader) ?? .chunks(body.makeAsyncIterator())
            return AsyncIterator(source: source, eventLoops: eventLoops)
        }
    }
#endif
