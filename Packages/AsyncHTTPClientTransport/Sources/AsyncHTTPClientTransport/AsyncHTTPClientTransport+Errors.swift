#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOPosix
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
                    message: Redactor().redact(text: String(describing: error))
                )
            )
        }
    }
#endif
