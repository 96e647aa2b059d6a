import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkError {
    /// Maps whatever a transport threw to the case a caller can act on.
    ///
    /// `NetworkError`s pass through unchanged, so a transport on another stack
    /// (SwiftNIO, the Sandbox) can throw the precise case itself. Free text
    /// from the underlying error is redacted: `URLError`'s user info carries
    /// the failing URL, API keys and all.
    public init(transportError error: any Error, request: TransportRequest, redactor: Redactor = Redactor()) {
        if let error = error as? NetworkError {
            self = error
            return
        }
        if error is CancellationError {
            self = .cancelled
            return
        }
        if let error = error as? URLError {
            self = Self(urlError: error, request: request, redactor: redactor)
            return
        }
        let nsError = error as NSError
        // The initialiser is failable on Linux only; the annotation compiles on both.
        let code: URLError.Code? = URLError.Code(rawValue: nsError.code)
        if nsError.domain == NSURLErrorDomain, let code {
            self = Self(urlError: URLError(code), request: request, redactor: redactor)
            return
        }
        self = .transportFailed(
            TransportFailure(
                domain: nsError.domain,
                code: nsError.code,
                message: redactor.redact(text: String(describing: error))
            )
        )
    }

    private init(urlError: URLError, request: TransportRequest, redactor: Redactor) {
        let host = request.url.host ?? "the server"
        switch urlError.code {
        case .cancelled:
            self = .cancelled
        case .timedOut:
            self = .timedOut
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            self = .notConnected
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed:
            self = .cannotConnect(host: request.url.hostAndPort)
        case .networkConnectionLost:
            self = .connectionLost
        case .badURL, .unsupportedURL:
            self = .invalidURL(redactor.redact(request.url))
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
            self = .tlsFailed(TLSFailure(host: host, reason: .untrustedIssuer, underlying: URLError(urlError.code)))
        case .serverCertificateHasBadDate:
            self = .tlsFailed(TLSFailure(host: host, reason: .expired, underlying: URLError(urlError.code)))
        case .serverCertificateNotYetValid:
            self = .tlsFailed(TLSFailure(host: host, reason: .notYetValid, underlying: URLError(urlError.code)))
        case .secureConnectionFailed, .clientCertificateRejected, .clientCertificateRequired:
            self = .tlsFailed(TLSFailure(host: host, reason: .handshakeFailed, underlying: URLError(urlError.code)))
        default:
            let described =
                urlError.userInfo[NSLocalizedDescriptionKey] as? String ?? "URL error \(urlError.code.rawValue)"
            let message = LibcurlMessage(described)
            // What the code leaves open, libcurl's words decide (see LibcurlMessage).
            let underlying = URLError(
                urlError.code, userInfo: [NSLocalizedDescriptionKey: redactor.redact(text: described)])
            if let reason = message.tlsReason {
                self = .tlsFailed(TLSFailure(host: host, reason: reason, underlying: underlying))
            } else if message.isLostConnection {
                self = .connectionLost
            } else {
                self = .transportFailed(
                    TransportFailure(
                        domain: NSURLErrorDomain,
                        code: urlError.code.rawValue,
                        message: redactor.redact(text: message.explained),
                        underlying: underlying
                    )
                )
            }
        }
    }
}

extension URL {
    /// `host:port`, or the host alone when the URL names no port.
    var hostAndPort: String {
        guard let host = host else { return "the server" }
        return port.map { "\(host):\($0)" } ?? host
    }
}
