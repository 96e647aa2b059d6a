import Foundation
import HTTPTypes
import Hummingbird
import Sandbox

/// The baseline of benchmark 8: a Hummingbird server with one route that
/// answers fixed bytes, on 127.0.0.1, port 0, with Hummingbird's defaults
/// (the Sandbox server runs on the same HTTP/1 stack and event loops).
///
/// The route is the item's own path, its URL the one the Sandbox is asked
/// (`/bench/item.json?ns=bench`), and its answer the Sandbox's, headers
/// and all: the two servers parse the same request and write the same
/// response, so only the handler differs. (It was `/item` with one header,
/// a shorter request and answer than the Sandbox's; Docs/Performance.md.)
struct BareHummingbirdServer {
    /// The item's URL on this server.
    let url: URL
    private let server: LoopbackHummingbird

    /// Starts serving `answer` (the Sandbox's answer for the item) at the
    /// item's path; returns once listening.
    static func start(answer: SandboxResponse) async throws -> BareHummingbirdServer {
        let router = Router()
        let buffer = ByteBuffer(bytes: answer.data)
        var headers = HTTPFields()
        for field in answer.headers {
            // Hummingbird writes the length of the buffer itself.
            guard let name = HTTPField.Name(field.name), name != .contentLength else { continue }
            headers.append(HTTPField(name: name, value: field.value))
        }
        router.get("\(BenchServer.itemPath).json") { [headers] _, _ in
            Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: buffer))
        }
        let server = try await LoopbackHummingbird.start(router, label: "BareHummingbird")
        do {
            return BareHummingbirdServer(url: try BenchServer.itemURL(on: server.baseURL), server: server)
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Stops the server once requests in flight have finished.
    func stop() async {
        await server.stop()
    }
}
