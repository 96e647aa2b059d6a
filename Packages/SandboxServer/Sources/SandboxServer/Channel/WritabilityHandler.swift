import NIOCore

/// Lets a streaming response wait until its connection can take more.
///
/// NIO queues whatever a channel is given. A response writer learns that the
/// channel stopped being writable only after the event loop has run, so a
/// stream writing faster than that (a busy machine) could pile megabytes
/// into NIO's buffers for a client that does not read, outside the stream
/// budget. A stream therefore waits here once it has written a window of
/// bytes without the event loop's word, or sees the channel unwritable.
final class WritabilityHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var waiters: [EventLoopPromise<Void>] = []

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            resumeAll()
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        resumeAll()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        resumeAll()
    }

    private func resumeAll() {
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting {
            waiter.succeed()
        }
    }

    /// Returns once `channel` is writable, closed, or without this handler
    /// (torn down). It asks on the event loop, after every write handed to
    /// the channel before the call: `isWritable` read elsewhere may not
    /// count them yet.
    static func waitUntilWritable(_ channel: any Channel) async {
        let wait = channel.eventLoop.submit { () -> EventLoopFuture<Void> in
            guard !channel.isWritable, channel.isActive,
                let handler = try? channel.pipeline.syncOperations.handler(type: WritabilityHandler.self)
            else { return channel.eventLoop.makeSucceededVoidFuture() }
            let promise = channel.eventLoop.makePromise(of: Void.self)
            handler.waiters.append(promise)
            return promise.futureResult
        }
        try? await wait.flatMap { $0 }.get()
    }
}

@available(*, unavailable)
extension WritabilityHandler: Sendable {}
