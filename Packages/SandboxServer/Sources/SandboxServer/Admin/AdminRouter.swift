#if SandboxServer
    import Foundation
    import Hummingbird
    import Logging
    import Networking
    import Sandbox

    /// The Sandbox's own controls and its browser console, under `/__sandbox/`,
    /// for tests, tools and the console driving a running server. Only
    /// callers and host names ``AdminAccess`` allows are served.
    ///
    /// | Route | Effect |
    /// |---|---|
    /// | `GET /__sandbox/health` | `{"status":"ok"}` |
    /// | `GET /__sandbox/faults` | the pending faults, the latency and whether Airtable's rate limit is on |
    /// | `POST /__sandbox/faults` | adds a ``Sandbox/Fault``: `{"path":"/posts/*","method":"GET","count":2,"status":503,"headers":{"Retry-After":"1"},"body":"…"}`, or instead of a status `"drop":true`, or a fault inside the body: `"cutAfter":N` bytes, `"bytesPerSecond":N`, `"stallAfter":N` bytes |
    /// | `DELETE /__sandbox/faults` | removes every fault and the latency |
    /// | `PUT /__sandbox/latency` | `{"milliseconds":50}` before every answer |
    /// | `PUT /__sandbox/airtable/rate-limit` | `{"enabled":false}` turns Airtable's 5-requests-a-second limit off |
    /// | `GET /__sandbox/requests` | the recorded requests, oldest first; `?path=/v0/*`, `service=`, `method=`, `status=404` or `4xx`, `console=exclude`, `after=ID`, `before=ID`, `limit=N` |
    /// | `GET /__sandbox/requests/ID` | one request with headers, bodies (secrets redacted) and a cURL command |
    /// | `DELETE /__sandbox/requests` | forgets them |
    /// | `GET /__sandbox/services` | what the console needs to call each API: namespaces, credentials |
    /// | `GET /__sandbox/firebase/clients` | the clients connected over the Realtime Database's protocol (Firebase's SDKs): namespace, who is signed in, listens |
    /// | `POST /__sandbox/export` | writes the whole Sandbox to `{"path": "/folder"}` in the Firebase emulators' export layout (``Sandbox/SandboxExport``), replacing an export there atomically; answers `{"status": "ok", "path"}`, or 500 with the reason, keeping the export that was there |
    /// | `GET /__sandbox/console/` | the browser console |
    enum AdminRouter {
        /// Every admin path starts with it.
        static let prefix = "/__sandbox"
        /// Where the console is served.
        static let consolePath = "/__sandbox/console/"
        /// The admin side's paths, matched as the emulators' mounts are.
        static let mount: PathPattern = "/__sandbox/{rest...}"
        /// The console's paths.
        static let consoleMount: PathPattern = "/__sandbox/console/{rest...}"
        /// The largest body an admin route reads: a fault's body and headers
        /// with room to spare.
        static let maxBodySize = 2 * Fault.maxBodySize

        /// Whether a path, split into segments, belongs to the admin side.
        static func isAdmin(_ segments: [String]) -> Bool {
            segments.first == "__sandbox" && mount.match(segments) != nil
        }

        /// Whether a path is the console's: its page (`/__sandbox/console/`,
        /// the slash included) and its files.
        static func isConsole(_ path: String) -> Bool {
            let segments = SandboxRequest.segments(of: path)
            return consoleMount.match(segments) != nil && (segments.count > 2 || path.hasUTF8Suffix("/"))
        }

        /// The admin routes and the console, behind ``AdminGuardMiddleware``;
        /// `logger` is the server's.
        static func responder(sandbox: Sandbox, access: AdminAccess, logger: Logger)
            -> some HTTPResponder<SandboxRequestContext>
        {
            let router = Router(context: SandboxRequestContext.self)
            // Middleware applies to the routes added after it: all of it first.
            router.add(middleware: AdminErrorMiddleware())
            router.add(middleware: AdminGuardMiddleware(access: access))
            router.add(middleware: ConsoleMiddleware())
            if let files = ConsoleFiles.middleware(logger: logger) {
                router.add(middleware: files)
            }
            let routes = AdminRoutes(sandbox: sandbox)
            // `/__sandbox` and `/__sandbox/` (one route: the trailing slash is
            // not significant to the router); `/__sandbox/console` is the
            // console middleware's.
            router.get(RouterPath(prefix)) { _, _ in Response.permanentRedirect(to: consolePath) }
            router.get("/__sandbox/health") { _, _ in StatusAnswer() }
            router.get("/__sandbox/faults") { _, _ in await routes.faults() }
            router.post("/__sandbox/faults") { request, _ in try await routes.addFault(request) }
            router.delete("/__sandbox/faults") { _, _ in routes.clearFaults() }
            router.put("/__sandbox/latency") { request, _ in try await routes.setLatency(request) }
            router.put("/__sandbox/airtable/rate-limit") { request, _ in try await routes.setAirtableRateLimit(request)
            }
            router.get("/__sandbox/requests") { request, _ in try await routes.requests(request) }
            router.get("/__sandbox/requests/:id") { _, context in try await routes.request(context) }
            router.delete("/__sandbox/requests") { _, _ in await routes.clearRequests() }
            router.get("/__sandbox/services") { _, _ in await routes.services() }
            router.get("/__sandbox/firebase/clients") { _, _ in
                ConnectedClientsAnswer(clients: sandbox.firebase.connectedClients)
            }
            router.post("/__sandbox/export") { request, _ in try await routes.export(request) }
            return router.buildResponder()
        }
    }

    /// Turns Hummingbird's own refusals (an unknown route, a bad body) into the
    /// admin routes' `{"error": "…"}` answers.
    struct AdminErrorMiddleware: RouterMiddleware {
        typealias Context = SandboxRequestContext

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
            async throws -> Response
        {
            do {
                return try await next(request, context)
            } catch let error as AdminError {
                throw error
            } catch let error as HTTPError where error.status == .notFound {
                throw AdminError(.notFound, "Unknown admin route \(request.method) \(request.uri.path).")
            } catch let error as HTTPError {
                throw AdminError(error.status, error.body ?? error.status.reasonPhrase)
            }
        }
    }
#endif
