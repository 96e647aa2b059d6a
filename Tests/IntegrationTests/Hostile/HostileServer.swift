import Foundation
import HTTPTestServer

/// A server that misbehaves the way real ones do (``HostileRoutes``): the
/// project's one test HTTP server, the SDK's own counterpart of the local
/// server Alamofire tests against.
typealias HostileServer = HTTPTestServer

extension HTTPTestServer {
    /// Starts a server with `routes`, runs `body`, and stops the server
    /// even when `body` throws. `/refuse-upload` answers without reading
    /// the body, as a server refusing an upload does.
    @discardableResult
    static func run<T>(
        routes: @escaping @Sendable (Received, HTTPTestServer) -> [Step] = HostileRoutes.respond,
        _ body: (HTTPTestServer) async throws -> T
    ) async throws -> T {
        let server = try HTTPTestServer(readsBody: { !$0.hasPrefix("/refuse-upload") }, routes: routes)
        defer { server.stop() }
        return try await body(server)
    }

    /// The same server under another origin: `http://localhost:<port>`.
    var otherOriginURL: URL { URL(string: "http://localhost:\(port)")! }
}
