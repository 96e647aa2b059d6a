#if SandboxServer
    import Hummingbird
    import NIOCore

    /// The per-request context: Hummingbird's core storage plus the connection,
    /// which the responder needs to tell local callers apart, notice a client
    /// leaving mid-stream, and drop a connection on purpose.
    struct SandboxRequestContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        let channel: any Channel

        init(source: ApplicationRequestContextSource) {
            coreContext = CoreRequestContextStorage(source: source)
            channel = source.channel
        }
    }
#endif
