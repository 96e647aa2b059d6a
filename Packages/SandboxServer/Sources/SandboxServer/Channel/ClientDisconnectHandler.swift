import NIOCore

/// Notices the moment a client goes away, even while the server is only
/// waiting for the next chunk of a stream to send.
///
/// The server allows half-closed connections, so a client closing its side
/// does not close the channel; without this signal a server-sent event
/// stream would only notice at its next write, up to a keep-alive interval
/// later, and keep the emulator's subscription alive until then.
final class ClientDisconnectHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let promise: EventLoopPromise<Void>

    /// Succeeds when the client's side of the connection ends.
    let disconnected: EventLoopFuture<Void>

    init(eventLoop: any EventLoop) {
        promise = eventLoop.makePromise()
        disconnected = promise.futureResult
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        promise.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            promise.succeed()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.succeed()
        context.fireChannelInactive()
    }

    /// The disconnect signal of a connection this server set up, looked up on
    /// its event loop. Every connection gets the handler, so one that no
    /// longer has it has been torn down: the client is gone already.
    static func disconnected(on channel: any Channel) async -> EventLoopFuture<Void> {
        let lookup = channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: ClientDisconnectHandler.self).disconnected
        }
        return (try? await lookup.get()) ?? channel.eventLoop.makeSucceededVoidFuture()
    }
}

@available(*, unavailable)
extension ClientDisconnectHandler: Sendable {}
