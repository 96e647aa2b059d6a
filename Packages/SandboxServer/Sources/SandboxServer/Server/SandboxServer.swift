#if SandboxServer
    import Foundation
    import Logging
    import Sandbox

    /// The Sandbox's emulators served over real HTTP with Hummingbird, on
    /// loopback by default, in memory or durably in SQLite.
    ///
    /// Tests and examples start their own server on a free port and stop it
    /// when done; nothing depends on a server started by hand:
    ///
    /// ```swift
    /// let server = try await SandboxServer.start()
    /// defer { Task { await server.stop() } }
    /// let url = server.baseURL.appendingPathComponent("posts.json")  // add ?ns=devmtn-post
    /// try server.sandbox.faults.inject(Fault(path: "/posts*", status: 503, headers: ["Retry-After": "1"]))
    /// ```
    ///
    /// Every request reaches the ``/Sandbox/Sandbox`` as a
    /// ``/SandboxCore/SandboxRequest``: the method token NIO's parser read (one it
    /// does not know, such as `BREW`, is refused there with a 400), the raw
    /// percent-encoded path and query, the headers (with `Host`), the body, and
    /// whether the caller is on this machine (the `/__sandbox/` admin routes
    /// answer only local callers). A body larger than the limit of the service
    /// it is for is answered once, in that service's format, without reaching
    /// an emulator, and the connection closes with the rest unread. Complete
    /// answers are
    /// written with `Content-Length`; streamed ones (server-sent events) chunk by
    /// chunk as the emulator produces them, until it finishes, the client leaves
    /// (which ends the emulator's stream and runs its cleanup), or the server
    /// stops. A dropped-connection fault closes the connection without a
    /// response.
    public final class SandboxServer: Sendable {
        /// The emulators, their fault injector and their request log.
        public let sandbox: Sandbox
        /// The port the server listens on (the free one picked for port 0).
        public let port: Int
        /// `http://HOST:PORT`, the URL clients use, without a trailing slash.
        public let baseURL: URL

        /// The browser console, `BASE/__sandbox/console/`: each API's data,
        /// every request on the wire and the fault controls. It answers this
        /// machine only, like the admin routes, unless remote admin is allowed.
        public var consoleURL: URL {
            baseURL.appending(path: String(AdminRouter.consolePath.dropFirst()), directoryHint: .isDirectory)
        }

        private let runner: ServerRunner
        private let streams: OpenStreams
        /// What all event streams hold for slow readers.
        let streamBudget: StreamBudget
        private let storage: SQLiteStorage?

        private init(
            sandbox: Sandbox, runner: ServerRunner, baseURL: URL, streams: OpenStreams, streamBudget: StreamBudget,
            storage: SQLiteStorage?
        ) {
            self.sandbox = sandbox
            self.streamBudget = streamBudget
            self.runner = runner
            self.port = runner.address.port ?? 0
            self.baseURL = baseURL
            self.streams = streams
            self.storage = storage
        }

        /// Creates the Sandbox (restoring it from `options.dataDirectory` when
        /// given), starts serving it, and returns once the port is bound.
        ///
        /// - Throws: when the data directory cannot be opened or is in use by
        ///   another sandbox, or the address cannot be bound.
        public static func start(_ options: SandboxServerOptions = SandboxServerOptions()) async throws -> SandboxServer
        {
            try await start(options, handler: nil)
        }

        /// Starts a server; `handler`, when given, answers instead of the
        /// Sandbox, so tests can exercise the server's mechanics (streaming) on
        /// their own.
        static func start(
            _ options: SandboxServerOptions,
            handler: (@Sendable (SandboxRequest) async -> SandboxResponse)?
        ) async throws -> SandboxServer {
            let storage = try options.dataDirectory.map { try SQLiteStorage(directory: $0) }
            do {
                let sandbox = try await Sandbox(configuration: options.configuration, storage: storage)
                let streams = OpenStreams()
                let logger = makeLogger()
                let budget = StreamBudget(
                    total: options.maxQueuedStreamBytes, dropGracePeriod: options.streamDropGracePeriod)
                let access = AdminAccess(
                    allowsRemote: options.allowsRemoteAdmin, boundHost: options.host, adminHosts: options.adminHosts,
                    interfaces: NetworkExposure.interfaceAddresses)
                let responder = SandboxServerResponder(
                    admin: AdminRouter.responder(sandbox: sandbox, access: access, logger: logger),
                    emulators: SandboxResponder(
                        route: { sandbox.route($0) },
                        handler: handler ?? { await sandbox.respond(to: $0) },
                        tooLarge: { await sandbox.bodyTooLarge($0) },
                        maxBodySize: { request in
                            min(options.maxBodySize, sandbox.maxBodySize(for: request) ?? options.maxBodySize)
                        },
                        streams: streams,
                        budget: budget
                    ))
                let runner = try await ServerRunner.start(
                    responder: responder, host: options.host, port: options.port, gracePeriod: options.gracePeriod,
                    logger: logger, webSocket: { RealtimeSocket.upgrade($0, on: $1, sandbox: sandbox, budget: budget) })
                guard
                    let port = runner.address.port,
                    let baseURL = ServerAddress.baseURL(for: runner.address, requestedHost: options.host, port: port)
                else {
                    await runner.stop(endStreams: streams.endAll)
                    throw SandboxServerError.noBoundAddress
                }
                return SandboxServer(
                    sandbox: sandbox, runner: runner, baseURL: baseURL, streams: streams, streamBudget: budget,
                    storage: storage)
            } catch {
                await storage?.close()
                throw error
            }
        }

        /// Stops gracefully: no new connections are accepted, requests in flight
        /// finish (open streams are ended), then the data directory is closed and
        /// released. Calling it again does nothing more.
        public func stop() async {
            await runner.stop(endStreams: streams.endAll)
            await storage?.close()
        }

        /// Warnings and errors go to standard error; standard output belongs to
        /// the `sandbox` command's banner. `LOG_LEVEL` (as in Hummingbird)
        /// raises or lowers the level. Metadata is formatted only for lines
        /// written (``SandboxLogHandler``).
        private static func makeLogger() -> Logger {
            var logger = Logger(label: "SandboxServer") { label in SandboxLogHandler(label: label) }
            logger.logLevel =
                ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
            return logger
        }
    }
#endif
