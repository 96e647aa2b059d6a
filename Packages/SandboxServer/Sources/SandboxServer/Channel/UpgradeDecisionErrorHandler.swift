#if SandboxServer
    import HummingbirdCore
    import HummingbirdWebSocket
    import Logging
    import NIOCore
    import NIOHTTP1

    /// Answers a connection's first request with a 400 when the HTTP parser
    /// refuses it, as Hummingbird answers every later one.
    ///
    /// A connection that may upgrade to a WebSocket (``RealtimeSocket``)
    /// starts with NIO's upgrade handler, which decides from the first
    /// request's head. A head the parser refuses (an unknown method, a head
    /// too large) never reaches that decision: nothing answered it, and the
    /// connection hung open. This handler sits just before the upgrade
    /// handler until the first request's head passes it; on a parser error
    /// it answers, then tells the upgrade handler the input ended, which
    /// closes the connection.
    final class UpgradeDecisionErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            guard error is HTTPParserError else {
                context.fireErrorCaught(error)
                return
            }
            let head = HTTPResponseHead(
                version: .http1_1, status: .badRequest, headers: ["Connection": "close", "Content-Length": "0"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                bound.value.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            }
        }
    }

    /// Hummingbird's HTTP/1.1 channel with a WebSocket upgrade, with an
    /// ``UpgradeDecisionErrorHandler`` before its upgrade handler.
    struct UpgradableChildChannel: ServerChildChannel {
        let inner: HTTP1WebSocketUpgradeChannel

        func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
            inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
                let pipeline = channel.pipeline.syncOperations
                let upgrader = try pipeline.handler(
                    type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
                try pipeline.addHandler(UpgradeDecisionErrorHandler(), position: .before(upgrader))
                return value
            }
        }

        func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
            await inner.handle(value: value, logger: logger)
        }
    }
#endif
