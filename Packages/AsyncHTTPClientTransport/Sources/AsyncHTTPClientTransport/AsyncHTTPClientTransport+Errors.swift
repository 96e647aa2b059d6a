#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOPosix
    import NIOSSL
    import Networking

    extension AsyncHTTPClientTransport {
        /// Maps SwiftNIO's and AsyncHTTPClient's errors to the cases
        /// `URLSessionTransport` users already handle.
        static func networkError(for error: any Error, request: TransportRequest) -> NetworkError {
            if let error = error as? NetworkError {
                return error
            }
            if error is CancellationError {
                return .cancelled
            }
            if let error = error as? HTTPClientError {
                switch error {
                case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
                    return .timedOut
                case .remoteConnectionClosed, .bodyLengthMismatch:
                    return .connectionLost
                case .cancelled, .requestStreamCancelled:
                    return .cancelled
                case .invalidURL, .emptyHost, .emptyScheme:
                    return .invalidURL(Redactor().redact(request.url))
                default:
                    break
                }
            }
            // The server closed the connection before the body it announced
            // was complete: what URLSession reports as a lost connection.
            // A refused certificate or a failed handshake: the reason is
            // found by `diagnosed(_:request:)`, which can wait for a probe.
            if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
                let reason: TLSFailure.Reason =
                    (error as? NIOSSLExtraError) == .failedToValidateHostname ? .hostnameMismatch : .handshakeFailed
                return .tlsFailed(TLSFailure(host: request.url.host ?? "the server", reason: reason, underlying: error))
            }
            if let error = error as? HTTPParserError, error == .invalidEOFState {
                return .connectionLost
            }
            if error is NIOConnectionError || (error as? IOError)?.errnoCode == ECONNREFUSED {
                return .cannotConnect(
                    host: request.url.host.map { host in request.url.port.map { "\(host):\($0)" } ?? host }
                        ?? "the server")
            }
            if let error = error as? IOError, [ECONNRESET, EPIPE].contains(error.errnoCode) {
                return .connectionLost
            }
            return .transportFailed(
                TransportFailure(
                    domain: String(describing: type(of: error)),
                    code: 0,
                    message: Redactor().redact(text: String(describing: error)),
                    underlying: error
                )
            )
        }

        /// The error a failed request is reported as, with the reason of a
        /// refused handshake found by a `TLSProbe`.
        func diagnosed(_ error: any Error, request: TransportRequest) async -> NetworkError {
            let mapped = Self.networkError(for: error, request: request)
            guard case .tlsFailed(var failure) = mapped, failure.reason == .handshakeFailed,
                let host = request.url.host, request.url.scheme?.lowercased() == "https"
            else { return mapped }
            let probe = TLSProbe(
                host: host, port: request.url.port ?? 443,
                configuration: tlsConfiguration ?? .makeClientConfiguration(), group: client.eventLoopGroup)
            failure.reason = await probe.reason()
            return .tlsFailed(failure)
        }
    }
#endif
