#if SandboxServer
    import HTTPTypes
    import Hummingbird
    import HummingbirdCore
    import HummingbirdWebSocket
    import Logging
    import NIOCore
    import ServiceLifecycle

    /// Runs one Hummingbird application in a service group of its own, reports
    /// the address it bound, and shuts it down gracefully on request.
    final class ServerRunner: Sendable {
        /// The address the server is listening on.
        let address: SocketAddress

        private let group: ServiceGroup
        private let task: Task<Void, Never>

        /// How long a graceful shutdown may wait for requests in flight before
        /// their tasks are cancelled, unless the options say otherwise.
        static let defaultGracePeriod: Duration = .seconds(10)

        /// How long a connection may sit idle (between requests, or while the
        /// client stalls mid-request) before the server closes it.
        static let idleTimeout: Duration = .seconds(90)

        private init(address: SocketAddress, group: ServiceGroup, task: Task<Void, Never>) {
            self.address = address
            self.group = group
            self.task = task
        }

        /// Starts serving and returns once the socket is bound, or throws why it
        /// could not be (an address in use, an unknown host).
        ///
        /// Nothing here frames HTTP: NIO's parser (llhttp) reads every byte. A
        /// method it does not know (`BREW`, a lowercase `get`) is refused by it
        /// with a 400 and the connection closed, as many servers do; no client of
        /// these APIs sends one, and Firebase's documented way to send another
        /// method, `X-HTTP-Method-Override`, reaches the emulator, which answers 405.
        static func start(
            responder: some HTTPResponder<SandboxRequestContext>, host: String, port: Int, gracePeriod: Duration,
            logger: Logger,
            webSocket:
                @escaping @Sendable (HTTPRequest, any Channel) -> ShouldUpgradeResult<
                    WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
                > = { _, _ in .dontUpgrade }
        ) async throws -> ServerRunner {
            let (bound, reportBound) = AsyncThrowingStream<SocketAddress?, any Error>.makeStream()
            let application = Application(
                responder: responder,
                // A request that asks to upgrade to a WebSocket goes to
                // `webSocket`; every other is plain HTTP/1.1.
                server: HTTPServerBuilder { responder in
                    UpgradableChildChannel(
                        inner: HTTP1WebSocketUpgradeChannel(
                            responder: responder,
                            configuration: HTTP1WebSocketUpgradeChannel.Configuration(
                                http1: HTTP1Channel.Configuration(
                                    additionalChannelHandlers: [ConnectionEventsHandler()],
                                    idleTimeout: .init(idleTimeout)),
                                ws: RealtimeSocket.configuration),
                            shouldUpgrade: { head, channel, _ in webSocket(head, channel) }))
                },
                configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
                onServerRunning: { channel in
                    reportBound.yield(channel.localAddress)
                    reportBound.finish()
                },
                eventLoopGroupProvider: .singleton,
                logger: logger
            )
            var configuration = ServiceGroupConfiguration(services: [.init(service: application)], logger: logger)
            configuration.maximumGracefulShutdownDuration = gracePeriod
            let group = ServiceGroup(configuration: configuration)
            let task = Task {
                do {
                    try await group.run()
                    reportBound.finish(throwing: SandboxServerError.stoppedWhileStarting)
                } catch {
                    reportBound.finish(throwing: error)
                }
            }
            do {
                for try await address in bound {
                    guard let address, address.port != nil else { throw SandboxServerError.noBoundAddress }
                    return ServerRunner(address: address, group: group, task: task)
                }
                throw SandboxServerError.stoppedWhileStarting
            } catch {
                await group.triggerGracefulShutdown()
                task.cancel()
                await task.value
                throw error
            }
        }

        /// Stops accepting connections, lets requests in flight finish (ending
        /// open streams with `endStreams`), and returns once the server is down.
        func stop(endStreams: @Sendable () -> Void) async {
            await group.triggerGracefulShutdown()
            endStreams()
            await task.value
        }
    }
#endif
