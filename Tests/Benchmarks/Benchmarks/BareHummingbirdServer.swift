import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The baseline of benchmark 8: a Hummingbird server with one route that
/// answers fixed bytes, on 127.0.0.1, port 0, with Hummingbird's defaults
/// (the Sandbox server runs on the same HTTP/1 stack and event loops).
struct BareHummingbirdServer {
    /// `http://127.0.0.1:PORT/item`.
    let url: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts serving `body` as JSON at `/item`; returns once listening.
    static func start(body: Data) async throws -> BareHummingbirdServer {
        let router = Router()
        let buffer = ByteBuffer(bytes: body)
        router.get("item") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: buffer))
        }
        var logger = Logger(label: "BareHummingbird")
        logger.logLevel = .warning
        let (ports, reportPort) = AsyncStream<Int?>.makeStream()
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                reportPort.yield(channel.localAddress?.port)
                reportPort.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: logger))
        let task = Task {
            defer { reportPort.finish() }
            try await group.run()
        }
        for await port in ports {
            guard let port, let url = URL(string: "http://127.0.0.1:\(port)/item") else { break }
            return BareHummingbirdServer(url: url, group: group, task: task)
        }
        await group.triggerGracefulShutdown()
        _ = await task.result
        throw BenchmarkFailure("the bare Hummingbird server did not start")
    }

    /// Stops accepting connections, lets requests in flight finish, and
    /// returns once the server is down.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
