import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 child channel with a handler in front of the parser
/// that notices disconnects and writability (``ConnectionEventsHandler``),
/// whose requests are handled on the connection's event loop.
///
/// Nothing here frames HTTP: NIO's parser (llhttp) reads every byte. A
/// method it does not know (`BREW`, a lowercase `get`) is refused by it with
/// a 400 and the connection closed, as many servers do; no client of these
/// APIs sends one, and Firebase's documented way to send another method,
/// `X-HTTP-Method-Override`, reaches the emulator, which answers 405.
struct SandboxHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers(
                [ConnectionEventsHandler(eventLoop: channel.eventLoop)],
                position: .first
            )
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    /// Handles the connection's requests on its own event loop
    /// (``EventLoopTaskExecutor``), where the runtime allows it.
    func handle(value: Value, logger: Logger) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            await base.handle(value: value, logger: logger)
            return
        }
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await base.handle(value: value, logger: logger)
        }
    }

    /// The server builder for an ``Hummingbird/Application``.
    static func builder(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            SandboxHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
