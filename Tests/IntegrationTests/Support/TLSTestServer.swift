import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// An HTTPS server on 127.0.0.1, port 0, with one of the test certificates
/// in `Fixtures/TLS` (made by `scripts/make_test_certificates.sh`; test keys
/// only). HTTP/1.1, or HTTP/2 negotiated by ALPN.
///
/// Routes: `/json` a small JSON; `/bytes/N` N patterned bytes
/// (``pattern``) with their length; `/events` five server-sent events;
/// `/drip` 4000 small chunks 5 ms apart, for cancellations; `/redirect?to=`
/// a 302 to the given URL.
struct TLSTestServer {
    /// The certificate the server presents; `server` is the good one.
    enum Identity: String, CaseIterable, Sendable {
        case server, expired
        case notYetValid = "not-yet-valid"
        case wrongHost = "wrong-host"
        case selfSigned = "self-signed"
        case otherAuthority = "other-authority"
    }

    static let fixtures = Repository.root.appendingPathComponent("Tests/IntegrationTests/Fixtures/TLS")

    /// `https://127.0.0.1:PORT`.
    let baseURL: URL
    private let task: Task<Void, any Error>

    /// How often the `/bytes` pattern repeats: a prime, so it never lines
    /// up with a chunk or a buffer.
    static let period = 65_521
    /// Two periods of the pattern, so any period-long slice of it is a copy.
    static let pattern = Data(
        (0..<(2 * period)).map { offset in
            let place = offset % period
            return UInt8(truncatingIfNeeded: place &* 31 &+ place >> 7)
        })

    /// Whether `data` is the first `data.count` bytes of a `/bytes` body.
    static func isPattern(_ data: Data) -> Bool {
        stride(from: 0, to: data.count, by: period).allSatisfy { start in
            let end = min(data.count, start + period)
            return data[data.startIndex + start..<data.startIndex + end] == pattern.prefix(end - start)
        }
    }

    /// The pins `make_test_certificates.sh` computed with openssl, by name.
    static func opensslPins() throws -> [String: String] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("pins.txt"), encoding: .utf8)
        var pins: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { pins[String(parts[0])] = String(parts[1]) }
        }
        return pins
    }

    /// Starts serving with `identity`'s certificate; returns once listening.
    static func start(_ identity: Identity = .server, http2: Bool = false) async throws -> TLSTestServer {
        let folder = fixtures.path
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile("\(folder)/\(identity.rawValue).pem").map {
                .certificate($0)
            },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: "\(folder)/\(identity.rawValue).key", format: .pem)))
        let builder: HTTPServerBuilder
        if http2 {
            builder = try .http2Upgrade(tlsConfiguration: tls)
        } else {
            tls.applicationProtocols = ["http/1.1"]
            builder = try .tls(.http1(), tlsConfiguration: tls)
        }
        var logger = Logger(label: "TLSTestServer")
        logger.logLevel = .critical
        let (ports, reportPort) = AsyncStream<Int?>.makeStream()
        let application = Application(
            router: routes(),
            server: builder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                reportPort.yield(channel.localAddress?.port)
                reportPort.finish()
            },
            logger: logger)
        let task = Task {
            defer { reportPort.finish() }
            try await application.runService(gracefulShutdownSignals: [])
        }
        for await port in ports {
            guard let port, let url = URL(string: "https://127.0.0.1:\(port)") else { break }
            return TLSTestServer(baseURL: url, task: task)
        }
        task.cancel()
        _ = await task.result
        throw CocoaError(
            .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "The TLS test server did not start"])
    }

    /// Stops the server and returns once it is down.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    private static func routes() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"ok":true}"#)))
        }
        router.get("bytes/:count") { _, context in
            let count = try context.parameters.require("count", as: Int.self)
            return Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: ResponseBody(contentLength: count) { writer in
                    var offset = 0
                    while offset < count {
                        let length = min(count - offset, 64 << 10)
                        let start = offset % period
                        try await writer.write(ByteBuffer(bytes: pattern[start..<start + length]))
                        offset += length
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("events") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    for index in 1...5 {
                        try await writer.write(ByteBuffer(string: "event: tick\ndata: \(index)\n\n"))
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("drip") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: ResponseBody { writer in
                    for _ in 0..<4000 {
                        try await writer.write(ByteBuffer(repeating: 0x2A, count: 256))
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("redirect") { request, _ in
            let target = request.uri.queryParameters.get("to") ?? "/"
            return Response(status: .found, headers: [.location: target])
        }
        return router
    }
}
