#if SandboxServer
    import HTTPTypes
    import Hummingbird

    /// Applies ``AdminAccess`` in front of every admin route and console file:
    /// a refused request gets a 403 with the reason and reaches nothing else.
    struct AdminGuardMiddleware: RouterMiddleware {
        typealias Context = SandboxRequestContext

        let access: AdminAccess

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
            async throws -> Response
        {
            let host = request.head.authority
            if let refusal = access.refusal(isLocal: context.channel.remoteAddress?.isLoopback ?? false, host: host) {
                throw AdminError(.forbidden, refusal)
            }
            // A page on another site may link to the console, but may not use
            // the routes that read or change the sandbox.
            if !AdminRouter.isConsole(request.uri.path),
                let refusal = access.crossSiteRefusal(
                    host: host, origin: request.headers[.origin], fetchSite: request.headers[.secFetchSite])
            {
                throw AdminError(.forbidden, refusal)
            }
            return try await next(request, context)
        }
    }

    extension HTTPField.Name {
        /// `Sec-Fetch-Site`, which browsers send to say where a request comes from.
        static let secFetchSite = Self("Sec-Fetch-Site")!
    }
#endif
