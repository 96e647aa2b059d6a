#if SandboxServer
    import NIOCore
    import NIOHTTPTypes

    /// What a streaming response needs to hear from its connection, from the
    /// one handler every connection gets behind the HTTP parser, as one of
    /// Hummingbird's additional channel handlers. The events it listens for
    /// pass through the parser; placed there, it leaves Hummingbird's own HTTP/1
    /// channel in place, whose request loop Hummingbird compiles for that
    /// channel. Wrapping the channel to put the handler first ran the generic
    /// loop instead, which cost about 1 µs of CPU a request (benchmark 8).
    ///
    /// - **The client went away**, even while the server is only waiting for
    ///   the next chunk of a stream to send. The server allows half-closed
    ///   connections, so a client closing its side does not close the channel;
    ///   without this signal a server-sent event stream would only notice at
    ///   its next write, up to a keep-alive interval later, and keep the
    ///   emulator's subscription alive until then.
    /// - **The connection can take more.** NIO queues whatever a channel is
    ///   given, and a response writer learns that the channel stopped being
    ///   writable only after the event loop has run, so a stream writing faster
    ///   than that (a busy machine) could pile megabytes into NIO's buffers for
    ///   a client that does not read, outside the stream budget.
    final class ConnectionEventsHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart

        /// Succeeds when the client's side of the connection ends. Made when the
        /// handler joins a pipeline, on that channel's event loop.
        private var promise: EventLoopPromise<Void>?
        /// Streams waiting for the channel to be writable again.
        private var writableWaiters: [EventLoopPromise<Void>] = []

        func handlerAdded(context: ChannelHandlerContext) {
            promise = context.eventLoop.makePromise()
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            promise?.succeed()
            resumeWritableWaiters()
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case ChannelEvent.inputClosed = event {
                promise?.succeed()
            }
            context.fireUserInboundEventTriggered(event)
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise?.succeed()
            resumeWritableWaiters()
            context.fireChannelInactive()
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            if context.channel.isWritable {
                resumeWritableWaiters()
            }
            context.fireChannelWritabilityChanged()
        }

        private func resumeWritableWaiters() {
            let waiting = writableWaiters
            writableWaiters.removeAll()
            for waiter in waiting {
                waiter.succeed()
            }
        }

        /// The disconnect signal of a connection this server set up, looked up on
        /// its event loop. Every connection gets the handler, so one that no
        /// longer has it has been torn down: the client is gone already.
        static func disconnected(on channel: any Channel) async -> EventLoopFuture<Void> {
            let lookup = channel.eventLoop.submit {
                try channel.pipeline.syncOperations.handler(type: ConnectionEventsHandler.self).promise?.futureResult
            }
            return (try? await lookup.get()) ?? channel.eventLoop.makeSucceededVoidFuture()
        }

        /// Returns once `channel` is writable, closed, or torn down. It asks on
        /// the event loop, after every write handed to the channel before the
        /// call: `isWritable` read elsewhere may not count them yet.
        static func waitUntilWritable(_ channel: any Channel) async {
            let wait = channel.eventLoop.submit { () -> EventLoopFuture<Void> in
                guard !channel.isWritable, channel.isActive,
                    let handler = try? channel.pipeline.syncOperations.handler(type: ConnectionEventsHandler.self)
                else { return channel.eventLoop.makeSucceededVoidFuture() }
                let waiter = channel.eventLoop.makePromise(of: Void.self)
                handler.writableWaiters.append(waiter)
                return waiter.futureResult
            }
            try? await wait.flatMap { $0 }.get()
        }
    }

    @available(*, unavailable)
    extension ConnectionEventsHandler: Sendable {}
#endif
