#if SandboxServer
    import Foundation
    import HTTPTypes
    import Hummingbird
    import Logging

    /// The browser console: plain HTML, CSS and JavaScript shipped in this
    /// package's resources (no CDN, no fonts, no build step), served at
    /// `/__sandbox/console/` by Hummingbird's file middleware, behind the same
    /// guard as the admin routes.
    ///
    /// It is an ordinary client of the emulators (the Firebase tree follows the
    /// database's own event stream, edits are REST calls, the Airtable grid uses
    /// the Web API with the sandbox's token) and of the admin routes (the
    /// request log, faults). The server does nothing for it while no page is
    /// open: the log it reads is the one the Sandbox always keeps.
    enum ConsoleFiles {
        /// The folder the files are served from, or `nil` in a broken install.
        static let folder: URL? = Bundle.module.url(forResource: "Resources", withExtension: nil)?
            .appending(path: "console", directoryHint: .isDirectory)

        /// Whether the console's files are in the bundle.
        static var isAvailable: Bool {
            folder.map { FileManager.default.fileExists(atPath: $0.appending(path: "index.html").path) } ?? false
        }

        /// Serves the files under ``AdminRouter/consolePath``; `nil` when the
        /// bundle has none.
        static func middleware(logger: Logger) -> FileMiddleware<SandboxRequestContext, LocalFileSystem>? {
            guard let folder, isAvailable else { return nil }
            return FileMiddleware(
                folder.path, urlBasePath: String(AdminRouter.consolePath.dropLast()),
                cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true,
                logger: logger)
        }
    }

    /// The headers of admin answers: the console's files get a strict policy
    /// (scripts and styles from this server only, so data the pages show can
    /// never run as code; no framing by other pages; a referrer to this server
    /// only, which is how the request log knows the console's own requests);
    /// API answers are never cached, since they describe a moment. And
    /// `/__sandbox/console` goes to `/__sandbox/console/`, where the pages'
    /// relative links resolve.
    struct ConsoleMiddleware: RouterMiddleware {
        typealias Context = SandboxRequestContext

        private static let policy: ContentSecurityPolicy = [
            .defaultSrc(.self), .imgSrc(.self, "data:"), .styleSrc(.self), .scriptSrc(.self), .connectSrc(.self),
            .frameAncestors(.none), .baseURI(.none), .formAction(.none),
        ]

        private static let console: HTTPFields = [
            .contentSecurityPolicy: policy.description,
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            HTTPField.Name("Referrer-Policy")!: "same-origin",
        ]

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
            async throws -> Response
        {
            if request.uri.path == AdminRouter.consolePath.dropLast() {
                return .permanentRedirect(to: AdminRouter.consolePath)
            }
            var response = try await next(request, context)
            if AdminRouter.isConsole(request.uri.path) {
                for field in Self.console {
                    response.headers[field.name] = field.value
                }
            } else {
                response.headers[.cacheControl] = "no-store"
            }
            return response
        }
    }

    extension Response {
        /// A 308: the method and body are kept, as a 301 does not promise.
        static func permanentRedirect(to location: String) -> Response {
            Response(status: .permanentRedirect, headers: [.location: location, .contentLength: "0"])
        }
    }
#endif
