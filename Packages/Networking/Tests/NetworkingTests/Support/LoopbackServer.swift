import Foundation
import HTTPTestServer

/// A test server that answers each request with one ``Reply``: the shape the
/// transport's round-trip tests need, on the project's one test HTTP server.
final class LoopbackServer: Sendable {
    typealias Received = HTTPTestServer.Received

    enum Reply: Sendable {
        /// A complete response.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// The same after a pause.
        case delayed(TimeInterval, status: Int, body: Data)
        /// A chunked body, each chunk after its pause; the connection stays
        /// open `holdOpen` seconds after the last one, or until the server
        /// stops.
        case chunks([(TimeInterval, Data)], holdOpen: TimeInterval = 0)
        /// Promises `declared` bytes and sends `body` before closing.
        case truncated(declared: Int, body: Data, headers: [String: String] = [:])
        /// Closes the connection without answering.
        case drop
    }

    private let server: HTTPTestServer

    init(handler: @escaping @Sendable (Received) -> Reply) throws {
        server = try HTTPTestServer { request, _ in Self.steps(for: handler(request)) }
    }

    var port: Int { server.port }
    var baseURL: URL { server.baseURL }
    var received: [Received] { server.received }
    /// Connections the client closed while the server held them open.
    var clientClosures: Int { server.clientClosures }

    /// Returns once every connection has been served or closed.
    func waitUntilIdle() {
        server.waitUntilIdle()
    }

    /// Stops the server; calling it again does nothing.
    func stop() {
        server.stop()
    }

    private static func steps(for reply: Reply) -> [HTTPTestServer.Step] {
        switch reply {
        case .respond(let status, let headers, let body):
            return [
                .send(
                    HTTPTestServer.head(status, headers.merging(["Content-Length": "\(body.count)"]) { a, _ in a })
                        + body)
            ]
        case .delayed(let pause, let status, let body):
            return [.pause(pause), .send(HTTPTestServer.head(status, ["Content-Length": "\(body.count)"]) + body)]
        case .chunks(let chunks, let holdOpen):
            let head = HTTPTestServer.head(200, ["Transfer-Encoding": "chunked", "Content-Type": "text/event-stream"])
            return [.send(head)]
                + chunks.flatMap { pause, chunk in [.pause(pause), .send(HTTPTestServer.chunk(chunk))] }
                + [.holdOpen(atMost: holdOpen), .send(Data("0\r\n\r\n".utf8))]
        case .truncated(let declared, let body, let headers):
            return [
                .send(HTTPTestServer.head(200, headers.merging(["Content-Length": "\(declared)"]) { a, _ in a }) + body)
            ]
        case .drop:
            return []
        }
    }
}
