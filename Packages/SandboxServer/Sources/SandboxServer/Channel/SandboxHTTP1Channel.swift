import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 child channel with a handler in front of the parser
/// that notices disconnects and writability (``ConnectionEventsHandler``).
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

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// The server builder for an ``Hummingbird/Application``.
    static func builder(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            SandboxHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
