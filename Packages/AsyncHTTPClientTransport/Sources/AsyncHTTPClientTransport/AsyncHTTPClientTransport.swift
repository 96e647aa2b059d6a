#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOFoundationCompat
    import NIOHTTP1
    import NIOSSL
    import Networking

    /// An ``/Networking/HTTPTransport`` on AsyncHTTPClient and SwiftNIO.
    ///
    /// On Linux it is several times faster than `URLSession`, above all with
    /// many requests in flight, and spends about curl's CPU time on large
    /// files, where FoundationNetworking spends 1.5 to 4 times as much (see
    /// Docs/Performance.md): the transport for large transfers on Linux. It
    /// streams too, so Firebase's server-sent events work over it.
    ///
    /// Bodies are bounded by back-pressure, busy or quiet: a streamed response
    /// is read from the socket only as its reader reads it, and a file, form or
    /// stream is uploaded two 2 MiB buffers at a time, each read only once the
    /// event loops have written the last. A whole response is at most
    /// ``maxBodySize``.
    ///
    /// ```swift
    /// let client = NetworkClient(baseURL: url, transport: AsyncHTTPClientTransport())
    /// ```
    ///
    /// Failures are thrown as ``/Networking/NetworkError`` directly: a refused
    /// connection is `.cannotConnect`, a deadline `.timedOut`, a closed
    /// connection `.connectionLost`.
    public struct AsyncHTTPClientTransport: StreamingHTTPTransport {
        /// AsyncHTTPClient's client, named once: Networking's deprecated
        /// `HTTPClient` alias shares its name until 1.0.
        public typealias Client = AsyncHTTPClient.HTTPClient

        /// The AsyncHTTPClient that carries the requests.
        public let client: Client
        /// The time allowed for a request that sets no timeout of its own.
        public var defaultTimeout: Duration
        /// The largest body ``send(_:)`` collects; larger bodies fail rather than
        /// exhaust memory. A stream needs no limit: its reader sets the pace.
        public var maxBodySize: Int

        /// Which servers it trusts over HTTPS.
        public let trust: ServerTrust
        /// The TLS configuration each HTTPS request carries, nil for the
        /// client's own (``ServerTrust/system``).
        let tlsConfiguration: TLSConfiguration?

        /// Creates a transport on an AsyncHTTPClient, by default
        /// ``sharedClient``, which needs no shutdown.
        public init(
            client: Client = AsyncHTTPClientTransport.sharedClient,
            defaultTimeout: Duration = .seconds(60),
            maxBodySize: Int = 256 << 20
        ) {
            self.client = client
            self.defaultTimeout = defaultTimeout
            self.maxBodySize = maxBodySize
            self.trust = .system
            self.tlsConfiguration = nil
        }

        /// Creates a transport that trusts the servers `trust` trusts: its
        /// certificate authorities, beside the system's or instead of them.
        ///
        /// Each HTTPS request carries the TLS configuration, so the client
        /// (``sharedClient`` included) keeps its other settings and pools
        /// these connections apart.
        ///
        /// - Throws: ``/Networking/NetworkError/unsupportedConfiguration(_:)``
        ///   for public-key pins, which AsyncHTTPClient 1.x gives no way to
        ///   check during a handshake; trusting only your own authority
        ///   (`includingSystem: false`) pins the issuer instead. Also when a
        ///   certificate cannot be loaded.
        public init(
            client: Client = AsyncHTTPClientTransport.sharedClient,
            trust: ServerTrust,
            defaultTimeout: Duration = .seconds(60),
            maxBodySize: Int = 256 << 20
        ) throws(NetworkError) {
            guard trust.pins.isEmpty else {
                throw .unsupportedConfiguration(
                    "AsyncHTTPClientTransport cannot check public-key pins: AsyncHTTPClient gives no way to see a"
                        + " server's key during its handshake. Trust only your own certificate authority"
                        + " (ServerTrust.certificateAuthorities(_:includingSystem: false)) to pin the issuer instead.")
            }
            self.client = client
            self.defaultTimeout = defaultTimeout
            self.maxBodySize = maxBodySize
            self.trust = trust
            self.tlsConfiguration = try Self.tlsConfiguration(for: trust)
        }

        private static func tlsConfiguration(for trust: ServerTrust) throws(NetworkError) -> TLSConfiguration? {
            guard !trust.certificateAuthorities.isEmpty || !trust.includesSystemAuthorities else { return nil }
            var certificates: [NIOSSLCertificate] = []
            for authority in trust.certificateAuthorities {
                do {
                    certificates.append(try NIOSSLCertificate(bytes: authority.der, format: .der))
                } catch {
                    throw .unsupportedConfiguration("A certificate authority of the ServerTrust cannot be loaded.")
                }
            }
            var configuration = TLSConfiguration.makeClientConfiguration()
            if trust.includesSystemAuthorities {
                configuration.additionalTrustRoots = [.certificates(certificates)]
            } else {
                configuration.trustRoots = .certificates(certificates)
            }
            return configuration
        }

        /// Sends the request and collects the whole body.
        ///
        /// A body that ends short of its `Content-Length`, however the
        /// connection ended, is ``/Networking/NetworkError/incompleteBody(expected:received:)``.
        public func send(_ request: TransportRequest) async throws -> TransportResponse {
            let deadline = deadline(for: request)
            let response: HTTPClientResponse
            do {
                response = try await client.execute(makeRequest(request), deadline: deadline)
            } catch {
                throw await diagnosed(error, request: request)
            }
            let headers = Self.headers(response.headers)
            let status = Int(response.status.code)
            var body = Data()
            do {
                for try await buffer in response.body {
                    guard body.count + buffer.readableBytes <= maxBodySize else {
                        throw NetworkError.responseTooLarge(limit: maxBodySize)
                    }
                    body.append(contentsOf: buffer.readableBytesView)
                }
            } catch {
                if let declared = TransportResponse.declaredLength(
                    status: status, headers: headers, method: request.method),
                    body.count < declared, !(error is NetworkError), !(error is CancellationError)
                {
                    throw NetworkError.incompleteBody(expected: declared, received: body.count)
                }
                throw Self.networkError(for: error, request: request)
            }
            return TransportResponse(status: status, headers: headers, body: body)
        }

        /// Sends the request and streams the body as it arrives.
        public func stream(_ request: TransportRequest) async throws -> TransportStreamingResponse {
            let response: HTTPClientResponse
            do {
                // Streams stay open as long as the server sends; only the head
                // has to arrive within the timeout.
                response = try await client.execute(makeRequest(request), deadline: .distantFuture)
            } catch {
                throw await diagnosed(error, request: request)
            }
            // Read straight from AsyncHTTPClient's body, so its back-pressure
            // holds: a reader that writes a download to disk slows the
            // connection instead of piling up buffers.
            let body = ResponseChunks(body: response.body, request: request)
            return TransportStreamingResponse(
                status: Int(response.status.code), headers: Self.headers(response.headers), body: TransferBody(body))
        }

        private func deadline(for request: TransportRequest) -> NIODeadline {
            let timeout = request.timeout ?? defaultTimeout
            let (seconds, attoseconds) = timeout.components
            // A timeout too long to count in nanoseconds is no deadline at all.
            guard seconds >= 0 else { return .now() }
            let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            let (nanoseconds, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
            guard !overflow, !carry, nanoseconds < Int64.max / 2 else { return .distantFuture }
            return .now() + .nanoseconds(nanoseconds)
        }

        private func makeRequest(_ request: TransportRequest) -> HTTPClientRequest {
            var outgoing = HTTPClientRequest(url: request.url.absoluteString)
            outgoing.tlsConfiguration = tlsConfiguration
            outgoing.method = .init(rawValue: request.method.rawValue)
            for field in request.headers {
                outgoing.headers.add(name: field.name, value: field.value)
            }
            if let body = request.body {
                if let data = body.data, body.length == data.count, !body.reportsProgress {
                    outgoing.body = .bytes(ByteBuffer(bytes: data))
                } else {
                    // Files, forms and streams are read as they are sent.
                    outgoing.body = .stream(
                        RequestChunks(body, eventLoopGroup: client.eventLoopGroup),
                        length: body.length.map { .known(Int64($0)) } ?? .unknown)
                }
            }
            return outgoing
        }

        private static func headers(_ headers: some Sequence<(name: String, value: String)>) -> HeaderFields {
            HeaderFields(headers.map { ($0.name, $0.value) })
        }
    }
#endif
