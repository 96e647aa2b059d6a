#if SandboxServer
    import Sandbox

    extension SandboxServer {
        /// Starts a server, runs `body` with it, and stops it whether `body`
        /// returns or throws: a server for the length of a test, a tool run or
        /// a benchmark, never left running by a failure.
        ///
        /// ```swift
        /// let profile = try await SandboxServer.withServer { server in
        ///     try await BankeyClient(baseURL: server.baseURL.appending(path: "bankey/")).fetchProfile(forUserId: "1")
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - options: Where and how to serve; by default 127.0.0.1 on a free
        ///     port, in memory.
        ///   - isolation: The caller's actor, where `body` runs; leave it to
        ///     the default.
        ///   - body: The work to do while the server runs.
        /// - Returns: What `body` returns.
        /// - Throws: What ``start(_:)`` or `body` throws.
        public static func withServer<Result>(
            _ options: SandboxServerOptions = SandboxServerOptions(),
            isolation: isolated (any Actor)? = #isolation,
            _ body: (SandboxServer) async throws -> Result
        ) async throws -> Result {
            try await withServer(options, handler: nil, body)
        }

        /// ``withServer(_:isolation:_:)`` with a `handler` answering instead of
        /// the Sandbox, for tests of the server's own mechanics.
        static func withServer<Result>(
            _ options: SandboxServerOptions,
            handler: (@Sendable (SandboxRequest) async -> SandboxResponse)?,
            isolation: isolated (any Actor)? = #isolation,
            _ body: (SandboxServer) async throws -> Result
        ) async throws -> Result {
            let server = try await start(options, handler: handler)
            do {
                let result = try await body(server)
                await server.stop()
                return result
            } catch {
                await server.stop()
                throw error
            }
        }
    }
#endif
