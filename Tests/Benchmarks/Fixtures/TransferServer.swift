import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Benchmark 14's server: `GET /blob?size=N` streams N bytes in 64 KiB
/// buffers with a `Content-Length` and an `ETag`, and `POST /upload` reads
/// a body of any size and answers how many bytes came. Neither holds a
/// body in memory, so the client's memory is what the benchmark sees.
struct TransferServer {
    /// `http://127.0.0.1:PORT`.
    let baseURL: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func start() async throws -> TransferServer {
        let router = Router()
        let chunk = ByteBuffer(bytes: (0..<(64 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        router.get("blob") { request, _ -> Response in
            let size = request.uri.queryParameters.get("size").flatMap { Int($0) } ?? 0
            return Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream", .contentLength: String(size), .eTag: "\"v1\""],
                body: ResponseBody { writer in
                    var left = size
                    while left > 0 {
                        let count = min(left, chunk.readableBytes)
                        try await writer.write(chunk.getSlice(at: 0, length: count) ?? chunk)
                        left -= count
                    }
                    try await writer.finish(nil)
                })
        }
        router.post("upload") { request, _ -> String in
            var count = 0
            for try await buffer in request.body {
                count += buffer.readableBytes
            }
            return String(count)
        }
        var logger = Logger(label: "TransferServer")
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
            guard let port, let url = URL(string: "http://127.0.0.1:\(port)") else { break }
            return TransferServer(baseURL: url, group: group, task: task)
        }
        await group.triggerGracefulShutdown()
        _ = await task.result
        throw BenchmarkFailure("the transfer server did not start")
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
