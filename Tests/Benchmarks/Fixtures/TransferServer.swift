import Foundation
import Hummingbird

/// Benchmark 14's server: `GET /blob?size=N` streams N bytes in 64 KiB
/// buffers with a `Content-Length` and an `ETag`; `PUT` and `POST /upload`
/// read a body of any size and answer how many bytes came, at full speed
/// or, with `?rate=N`, at N bytes a second, as a slower network reads.
/// Nothing is held in memory, so the client's memory is what the benchmark
/// sees.
struct TransferServer {
    private let server: LoopbackHummingbird

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL { server.baseURL }

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
        let upload: @Sendable (Request, BasicRequestContext) async throws -> String = { request, _ in
            let rate = request.uri.queryParameters.get("rate").flatMap { Double($0) }
            let started = ContinuousClock.now
            var count = 0
            for try await buffer in request.body {
                count += buffer.readableBytes
                if let rate {
                    // Behind a slower network: wait until the bytes so far
                    // would have taken their time.
                    let due = Duration.seconds(Double(count) / rate) - (ContinuousClock.now - started)
                    if due > .zero { try await Task.sleep(for: due) }
                }
            }
            return String(count)
        }
        router.put("upload", use: upload)
        router.post("upload", use: upload)
        return TransferServer(server: try await LoopbackHummingbird.start(router, label: "TransferServer"))
    }

    func stop() async {
        await server.stop()
    }
}
