import Foundation
import Hummingbird

/// The baseline of benchmark 8: a Hummingbird server with one route that
/// answers fixed bytes, on 127.0.0.1, port 0, with Hummingbird's defaults
/// (the Sandbox server runs on the same HTTP/1 stack and event loops).
struct BareHummingbirdServer {
    /// `http://127.0.0.1:PORT/item`.
    let url: URL
    private let server: LoopbackHummingbird

    /// Starts serving `body` as JSON at `/item`; returns once listening.
    static func start(body: Data) async throws -> BareHummingbirdServer {
        let router = Router()
        let buffer = ByteBuffer(bytes: body)
        router.get("item") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: buffer))
        }
        let server = try await LoopbackHummingbird.start(router, label: "BareHummingbird")
        return BareHummingbirdServer(url: server.baseURL.appendingPathComponent("item"), server: server)
    }

    /// Stops the server once requests in flight have finished.
    func stop() async {
        await server.stop()
    }
}
