import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 child channel with two handlers in front of the
/// parser: one that lets extension methods through
/// (``ExtensionMethodHandler``) and one that notices disconnects
/// (``ClientDisconnectHandler``).
struct SandboxHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers(
                [ClientDisconnectHandler(eventLoop: channel.eventLoop), ExtensionMethodHandler()],
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
