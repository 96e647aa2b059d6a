#if AsyncHTTPClient
    import AsyncHTTPClient

    extension AsyncHTTPClientTransport {
        /// The process-wide AsyncHTTPClient transports use by default: the
        /// configuration of AsyncHTTPClient's own `HTTPClient.shared`, except
        /// that a connection that cannot be made fails the request at once.
        ///
        /// AsyncHTTPClient otherwise keeps retrying the connection until the
        /// request's deadline, so a server that is down would be reported only
        /// after the whole timeout (a minute by default) and as the last
        /// connection error. Failing at once gives ``/Networking/NetworkError/cannotConnect(host:)``
        /// promptly, as `URLSessionTransport` does, and leaves retries to the
        /// client's ``/Networking/RetryPolicy``.
        ///
        /// Two more settings make it behave as `URLSessionTransport` does:
        /// redirects are handed back to ``/Networking/NetworkClient``, which
        /// follows them the same way over every transport, and gzip and deflate
        /// bodies are decompressed, at most 100 times their compressed size so
        /// a small "zip bomb" cannot exhaust memory.
        ///
        /// It lives as long as the process and must not be shut down. To
        /// configure your own, create an `Client`, pass it
        /// to ``init(client:defaultTimeout:maxBodySize:)``, and shut it down
        /// when you are done.
        public static let sharedClient: Client = {
            var configuration = Client.Configuration.singletonConfiguration
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.redirectConfiguration = .disallow
            configuration.decompression = .enabled(limit: .ratio(100))
            return Client(
                eventLoopGroup: Client.defaultEventLoopGroup, configuration: configuration)
        }()
    }
#endif
