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
struct RequestChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let body: HTTPBody
    let eventLoops: [any EventLoop]

    init(_ body: HTTPBody, eventLoopGroup: any EventLoopGroup) {
        self.body = body
        eventLoops = Array(eventLoopGroup.makeIterator())
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: HTTPBody.AsyncIterator
        let eventLoops: [any EventLoop]
        var hasHandedOver = false

        mutating func next() async throws -> ByteBuffer? {
            if hasHandedOver, let first = eventLoops.first {
                try await EventLoopFuture.andAllSucceed(eventLoops.map { $0.submit {} }, on: first).get()
            }
            guard let chunk = try await chunks.next() else { return nil }
            hasHandedOver = true
            return ByteBuffer(data: chunk)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: body.makeAsyncIterator(), eventLoops: eventLoops)
    }
}
