import Foundation
import Sandbox

@testable import SandboxServer

/// Servers for tests that exercise the server's own mechanics with a
/// handler of their own in place of the Sandbox.
enum TestServers {
    /// A handler that answers every request with what the server made of it,
    /// as JSON: method, path, query, headers, body size, isLocal.
    static let echo: @Sendable (SandboxRequest) async -> SandboxResponse = { request in
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.lowercased()] = field.value
        }
        let object: [String: Any] = [
            "method": request.method,
            "path": request.path,
            "query": request.rawQuery ?? NSNull(),
            "headers": headers,
            "body": String(decoding: request.body, as: UTF8.self),
            "bodySize": request.body.count,
            "isLocal": request.isLocal,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return .json(200, data)
    }

    /// Starts a server answered by `handler`, runs `body`, and stops it.
    static func with<T>(
        _ options: SandboxServerOptions = SandboxServerOptions(),
        handler: (@Sendable (SandboxRequest) async -> SandboxResponse)? = nil,
        _ body: (SandboxServer) async throws -> T
    ) async throws -> T {
        try await SandboxServer.withServer(options, handler: handler, body)
    }

    /// The JSON object an ``echo`` response carries.
    static func echoed(_ response: HTTP.Response) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw URLError(.cannotParseResponse)
        }
        return object
    }
}
