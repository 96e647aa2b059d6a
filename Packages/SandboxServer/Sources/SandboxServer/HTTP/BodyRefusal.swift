#if SandboxServer
    import Hummingbird
    import NIOConcurrencyHelpers
    import NIOCore

    /// The one way the server turns down a request body that is over its limit:
    /// a single answer, then the end of the connection, without reading what
    /// is left of the body.
    ///
    /// Hummingbird reads a request's unread body to its end before the next
    /// request on the connection, so a plain 413 would still take in every byte
    /// of a 500 MB upload; and a connection whose input is simply shut makes
    /// its parser fail mid-body and answer a second time, with a 400. Instead
    /// the answer carries `Connection: close`, the write side closes after it
    /// (the client sees the answer and the end), and the connection itself
    /// closes once the client has gone or ``linger`` has passed. Until then
    /// nothing more is read: NIO stops reading when its small inbound buffer
    /// is full. Ending the connection by an error from the body writer is what
    /// keeps Hummingbird from reading on.
    enum BodyRefusal {
        /// How long the client has to read the answer before the connection
        /// closes under an upload it is still sending; closing at once could
        /// reset the connection before the answer is read.
        static let linger: Duration = .seconds(1)

        /// Ends the connection after the answer has been written.
        private struct ConnectionEnded: Error {}

        /// `response`, written once, after which the connection ends.
        static func answer(_ response: Response, context: SandboxRequestContext) async -> Response {
            var response = response
            response.headers[.connection] = "close"
            let channel = context.channel
            let disconnected = await ConnectionEventsHandler.disconnected(on: channel)
            let body = response.body
            response.body = ResponseBody { writer in
                try await body.write(writer)
                try? await channel.close(mode: .output)
                await untilDisconnected(disconnected, atMost: linger)
                throw ConnectionEnded()
            }
            return response
        }

        /// Returns when the client has gone or `limit` has passed, whichever is
        /// first. (Waiting on the future itself cannot be cancelled.)
        private static func untilDisconnected(_ disconnected: EventLoopFuture<Void>, atMost limit: Duration) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = NIOLockedValueBox<CheckedContinuation<Void, Never>?>(continuation)
                let resume: @Sendable () -> Void = {
                    waiting.withLockedValue { pending in
                        defer { pending = nil }
                        return pending
                    }?.resume()
                }
                disconnected.whenComplete { _ in resume() }
                Task {
                    try? await Task.sleep(for: limit)
                    resume()
                }
            }
        }
    }
#endif
