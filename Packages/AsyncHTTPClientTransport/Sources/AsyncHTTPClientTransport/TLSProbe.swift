#if AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOPosix
    import NIOSSL
    import NIOTLS
    import Networking

    /// Finds why a server's certificate was refused, by handshakes of its own.
    ///
    /// BoringSSL reports every refused certificate as one error
    /// (`CERTIFICATE_VERIFY_FAILED`), and swift-nio-ssl keeps its verify
    /// result to itself. So after a refusal the transport asks the server
    /// again, at most three short handshakes that send no request: one that
    /// accepts any chain, to read the certificate's dates; one without the
    /// host name check; one that trusts the certificate itself. What
    /// succeeds says what was wrong. It runs only after a handshake failed,
    /// each handshake within five seconds.
    struct TLSProbe {
        let host: String
        let port: Int
        let configuration: TLSConfiguration
        let group: any EventLoopGroup

        /// The reason the server's certificate fails `configuration`.
        func reason() async -> TLSFailure.Reason {
            let captured = CapturedChain()
            var accepting = configuration
            accepting.certificateVerification = .none
            guard await handshake(accepting, capturing: captured), let leaf = captured.chain.first else {
                return .handshakeFailed
            }
            let now = time(nil)
            if leaf.notValidAfter < now { return .expired }
            if leaf.notValidBefore > now { return .notYetValid }
            var anyHost = configuration
            anyHost.certificateVerification = .noHostnameVerification
            if await handshake(anyHost) { return .hostnameMismatch }
            var itself = anyHost
            itself.trustRoots = .certificates([leaf])
            itself.additionalTrustRoots = []
            if await handshake(itself) { return .selfSigned }
            // The chain verifies against nothing trusted, or verifies fine
            // and something else refused it.
            return await handshake(configuration) ? .handshakeFailed : .untrustedIssuer
        }

        /// Whether `host` is an IPv4 or IPv6 address rather than a name.
        private static func isIPAddress(_ host: String) -> Bool {
            var v4 = in_addr()
            var v6 = in6_addr()
            let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            return inet_pton(AF_INET, bare, &v4) == 1 || inet_pton(AF_INET6, bare, &v6) == 1
        }

        /// Whether a handshake under `configuration` completes.
        private func handshake(_ configuration: TLSConfiguration, capturing captured: CapturedChain? = nil) async
            -> Bool
        {
            let context: NIOSSLContext
            do {
                context = try NIOSSLContext(configuration: configuration)
            } catch {
                return false
            }
            // SNI carries names only; an address is checked against the peer's.
            let serverName = Self.isIPAddress(host) ? nil : host
            let bootstrap = ClientBootstrap(group: group)
                .connectTimeout(.seconds(5))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler: NIOSSLClientHandler
                        if let captured {
                            handler = try NIOSSLClientHandler(
                                context: context, serverHostname: serverName,
                                customVerificationCallback: { chain, promise in
                                    captured.record(chain)
                                    promise.succeed(.certificateVerified)
                                })
                        } else {
                            handler = try NIOSSLClientHandler(context: context, serverHostname: serverName)
                        }
                        try channel.pipeline.syncOperations.addHandler(handler)
                        try channel.pipeline.syncOperations.addHandler(HandshakeWatcher())
                    }
                }
            do {
                let channel = try await bootstrap.connect(host: host, port: port).get()
                let watcher = try await channel.pipeline.handler(type: HandshakeWatcher.self).get()
                let timeout = channel.eventLoop.scheduleTask(in: .seconds(5)) {
                    watcher.promise?.fail(ChannelError.connectTimeout(.seconds(5)))
                }
                defer {
                    timeout.cancel()
                    channel.close(promise: nil)
                }
                return (try? await watcher.completed.get()) != nil
            } catch {
                return false
            }
        }
    }

    /// The chain a probe's verification callback saw.
    private final class CapturedChain: @unchecked Sendable {
        // Written once, on the channel's event loop, before the handshake
        // completes; read after the probe awaited that completion.
        private let lock = NSLock()
        private var recorded: [NIOSSLCertificate] = []

        func record(_ chain: [NIOSSLCertificate]) {
            lock.withLock { recorded = chain }
        }

        var chain: [NIOSSLCertificate] {
            lock.withLock { recorded }
        }
    }

    /// Completes when the TLS handshake does, fails when it fails.
    private final class HandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        // Touched on the channel's event loop only.
        var promise: EventLoopPromise<Void>?
        private(set) var completed: EventLoopFuture<Void>!

        func handlerAdded(context: ChannelHandlerContext) {
            let promise = context.eventLoop.makePromise(of: Void.self)
            self.promise = promise
            completed = promise.futureResult
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted = event as? TLSUserEvent {
                promise?.succeed()
                promise = nil
            }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise?.fail(error)
            promise = nil
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise?.fail(ChannelError.eof)
            promise = nil
            context.fireChannelInactive()
        }
    }

#endif
