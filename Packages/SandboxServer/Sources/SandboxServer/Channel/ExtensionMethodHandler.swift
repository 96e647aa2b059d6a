import NIOCore

/// Runs an ``ExtensionMethodRewriter`` in front of NIO's HTTP parser, so
/// requests with methods llhttp does not know still reach the Sandbox.
final class ExtensionMethodHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var rewriter = ExtensionMethodRewriter()

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if rewriter.isPassingThrough {
            context.fireChannelRead(data)
            return
        }
        for buffer in rewriter.process(unwrapInboundIn(data)) {
            context.fireChannelRead(wrapInboundOut(buffer))
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            flush(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        flush(context: context)
        context.fireChannelInactive()
    }

    /// Hands a held-back partial head to the parser, which reports the
    /// truncated request itself.
    private func flush(context: ChannelHandlerContext) {
        if let held = rewriter.flush() {
            context.fireChannelRead(wrapInboundOut(held))
            context.fireChannelReadComplete()
        }
    }
}

@available(*, unavailable)
extension ExtensionMethodHandler: Sendable {}
