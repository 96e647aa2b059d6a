import AsyncHTTPClientTransport
import Foundation
import Networking
import Testing

/// Server trust over real TLS (`TLSTestServer`, certificates in
/// `Fixtures/TLS`): a certificate authority given through ``ServerTrust``,
/// every kind of bad certificate refused as ``NetworkError/tlsFailed(_:)``
/// with its reason, public-key pins, and a redirect from HTTPS to HTTP.
@Suite("TLS: server trust and refused certificates", .serialized, .timeLimit(.minutes(5)))
struct TLSTrustTests {
    struct OK: Decodable, Equatable {
        var ok: Bool
    }

    static func authority() throws -> [ServerTrust.Certificate] {
        try ServerTrust.Certificate.certificates(contentsOf: TLSTestServer.fixtures.appendingPathComponent("ca.pem"))
    }

    static func trustingAuthority() throws -> AsyncHTTPClientTransport {
        try AsyncHTTPClientTransport(trust: .certificateAuthorities(authority()), defaultTimeout: .seconds(30))
    }

    @Test("A certificate authority of the app's is trusted: a 200, a 50 MB download byte for byte, a stream")
    func trustedAuthority() async throws {
        let server = try await TLSTestServer.start()
        let client = NetworkClient(
            baseURL: server.baseURL, transport: try Self.trustingAuthority(), retryPolicy: .never)
        #expect(try await client.send(NetworkRequest<OK>.get("json")) == OK(ok: true))
        try await Self.expectDownload(of: 50 << 20, with: client)
        try await Self.expectEvents(with: client)
        await server.stop()
    }

    @Test("The authority's DER file works as its PEM file does, and instead of the system's")
    func derAuthorityAlone() async throws {
        let server = try await TLSTestServer.start()
        let der = try ServerTrust.Certificate.certificates(
            contentsOf: TLSTestServer.fixtures.appendingPathComponent("ca.der"))
        #expect(der == (try Self.authority()))
        let transport = try AsyncHTTPClientTransport(trust: .certificateAuthorities(der, includingSystem: false))
        let client = NetworkClient(baseURL: server.baseURL, transport: transport, retryPolicy: .never)
        #expect(try await client.send(NetworkRequest<OK>.get("json")) == OK(ok: true))
        await server.stop()
    }

    /// What each transport reports for each bad certificate, trusting the
    /// test authority where it can.
    static let refusals: [(TLSTestServer.Identity, TLSFailure.Reason)] = [
        (.expired, .expired), (.notYetValid, .notYetValid), (.wrongHost, .hostnameMismatch),
        (.selfSigned, .selfSigned), (.otherAuthority, .untrustedIssuer),
    ]

    @Test("AsyncHTTPClient refuses every bad certificate as tlsFailed, naming its reason", arguments: refusals)
    func asyncHTTPClientRefusals(identity: TLSTestServer.Identity, reason: TLSFailure.Reason) async throws {
        let server = try await TLSTestServer.start(identity)
        let client = NetworkClient(
            baseURL: server.baseURL, transport: try Self.trustingAuthority(), retryPolicy: .never)
        let failure = try await Self.expectRefusal(client)
        #expect(failure.reason == reason, "\(identity)")
        await server.stop()
    }

    @Test("Trusting only the system, AsyncHTTPClient refuses the test authority's certificate as untrusted")
    func asyncHTTPClientSystemTrust() async throws {
        let server = try await TLSTestServer.start()
        let client = NetworkClient(
            baseURL: server.baseURL, transport: AsyncHTTPClientTransport(defaultTimeout: .seconds(30)),
            retryPolicy: .never)
        #expect(try await Self.expectRefusal(client).reason == .untrustedIssuer)
        await server.stop()
    }

    @Test(
        "URLSession refuses every certificate the system does not trust as tlsFailed",
        arguments: TLSTestServer.Identity.allCases)
    func urlSessionRefusals(identity: TLSTestServer.Identity) async throws {
        let server = try await TLSTestServer.start(identity)
        let client = NetworkClient(baseURL: server.baseURL, transport: URLSessionTransport(), retryPolicy: .never)
        let failure = try await Self.expectRefusal(client)
        #if canImport(FoundationNetworking)
            // OpenSSL stops at the first problem, and the system trusts no
            // test authority, so only a self-signed one is told apart.
            #expect(failure.reason == (identity == .selfSigned ? .selfSigned : .untrustedIssuer), "\(identity)")
        #endif
        await server.stop()
    }

    @Test("A pin is the SHA-256 of the certificate's key, as openssl computes it")
    func pinsMatchOpenSSL() throws {
        let pins = try TLSTestServer.opensslPins()
        for name in ["server", "ca", "other-authority"] {
            let certificate = try ServerTrust.Certificate.certificates(
                contentsOf: TLSTestServer.fixtures.appendingPathComponent("\(name).pem"))
            let expected = try #require(pins[name].flatMap { ServerTrust.PublicKeyPin(base64: $0) })
            #expect(certificate.first?.publicKeyPin == expected, "\(name)")
        }
        #expect(ServerTrust.PublicKeyPin(base64: "not a pin") == nil)
        #expect(ServerTrust.PublicKeyPin(base64: "sha256/" + (pins["server"] ?? "")) != nil)
    }

    @Test("A setting a transport cannot enforce fails when the transport is made, never silently")
    func unenforceableTrust() throws {
        let pin = try #require(ServerTrust.PublicKeyPin(base64: TLSTestServer.opensslPins()["server"] ?? ""))
        let pinned = ServerTrust.system.pinning("127.0.0.1", to: [pin])
        #expect(throws: NetworkError.self) { try AsyncHTTPClientTransport(trust: pinned) }
        #if canImport(FoundationNetworking)
            for trust in [pinned, try ServerTrust.certificateAuthorities(Self.authority())] {
                do {
                    _ = try URLSessionTransport(trust: trust)
                    Issue.record("URLSessionTransport accepted \(trust) on Linux")
                } catch {
                    guard case .unsupportedConfiguration(let reason) = error else {
                        Issue.record("unexpected \(error)")
                        continue
                    }
                    #expect(reason.contains("AsyncHTTPClientTransport"))
                }
            }
        #endif
        #expect(throws: NetworkError.self) { try ServerTrust.Certificate.pem("no certificate here") }
        #expect(throws: NetworkError.self) { try ServerTrust.Certificate(der: [0x30, 0x03, 0x02, 0x01]) }
    }

    @Test("A redirect from HTTPS to HTTP does not carry the credentials")
    func redirectToPlainHTTP() async throws {
        let server = try await TLSTestServer.start()
        try await HostileServer.run { plain in
            let client = NetworkClient(
                baseURL: server.baseURL, credentials: ["Authorization": "Bearer secret-token"],
                transport: try Self.trustingAuthority(), retryPolicy: .never)
            let target = plain.baseURL.appending(path: "echo").absoluteString
            let echo = try await client.send(NetworkRequest<Echo>.get("redirect").query("to", target))
            #expect(echo.method == "GET")
            #expect(echo.authorization == "")
        }
        await server.stop()
    }

    @Test("HTTP/2 on AsyncHTTPClient: a stream, a download, and a cancellation that leaves the connection usable")
    func http2() async throws {
        let server = try await TLSTestServer.start(http2: true)
        let client = NetworkClient(
            baseURL: server.baseURL, transport: try Self.trustingAuthority(), retryPolicy: .never)
        try await Self.expectEvents(with: client)
        try await Self.expectDownload(of: 8 << 20, with: client)
        let (arrived, firstChunk) = AsyncStream<Void>.makeStream()
        let drip = Task {
            for try await _ in try await client.stream(NetworkRequest<Data>.get("drip")).body {
                firstChunk.yield()
            }
        }
        for await _ in arrived { break }
        drip.cancel()
        let outcome = await drip.result
        guard case .failure(let error) = outcome else {
            Issue.record("the drip ended before it was cancelled")
            return
        }
        #expect((error as? NetworkError).map { if case .cancelled = $0 { true } else { false } } == true, "\(error)")
        #expect(try await client.send(NetworkRequest<OK>.get("json")) == OK(ok: true))
        await server.stop()
    }

    // MARK: - Helpers

    static func expectRefusal(_ client: NetworkClient) async throws -> TLSFailure {
        do {
            _ = try await client.send(NetworkRequest<OK>.get("json"))
            Issue.record("the request succeeded")
            throw CancellationError()
        } catch let error as NetworkError {
            guard case .tlsFailed(let failure) = error else {
                Issue.record("expected tlsFailed, got \(error)")
                throw error
            }
            #expect(failure.host == "127.0.0.1")
            #expect(!failure.description.contains("/"), "a path or internals in: \(failure.description)")
            return failure
        }
    }

    static func expectDownload(of count: Int, with client: NetworkClient) async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID()).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        let download = try await client.download(NetworkRequest<Data>.get("bytes/\(count)"), to: destination)
        #expect(download.byteCount == count)
        let data = try Data(contentsOf: destination)
        #expect(data.count == count)
        #expect(TLSTestServer.isPattern(data), "the download differs from what the server sent")
    }

    static func expectEvents(with client: NetworkClient) async throws {
        var text = Data()
        for try await chunk in try await client.stream(NetworkRequest<Data>.get("events")).body {
            text.append(chunk)
        }
        let events = String(decoding: text, as: UTF8.self).components(separatedBy: "\n\n").filter { !$0.isEmpty }
        #expect(events == (1...5).map { "event: tick\ndata: \($0)" })
    }
}
