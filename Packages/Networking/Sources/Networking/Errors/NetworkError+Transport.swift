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
        default:
            let described =
                urlError.userInfo[NSLocalizedDescriptionKey] as? String ?? "URL error \(urlError.code.rawValue)"
            if Self.isLostConnection(described) {
                self = .connectionLost
                return
            }
            self = .transportFailed(
                TransportFailure(
                    domain: NSURLErrorDomain,
                    code: urlError.code.rawValue,
                    message: redactor.redact(text: Self.explained(described))
                )
            )
        }
    }
}

extension NetworkError {
    /// FoundationNetworking on Linux reports a dropped or truncated response
    /// with libcurl's words and a generic code (-1 or -1011), where Apple
    /// platforms say `networkConnectionLost`; the words are all there is.
    private static func isLostConnection(_ message: String) -> Bool {
        ["Empty reply from server", "transfer closed with", "Recv failure", "Connection reset by peer", "Send failure"]
            .contains { message.contains($0) }
    }
}

extension NetworkError {
    /// libcurl's words, with what they mean when they stand for a
    /// FoundationNetworking limit rather than a broken server: it fails a
    /// response whose header has no space after its colon
    /// (`Content-Length:249`, as chromedriver writes), which HTTP allows.
    private static func explained(_ message: String) -> String {
        guard message.contains("Failed writing header") else { return message }
        return message
            + " (FoundationNetworking on Linux could not read the response's headers; a header without a space"
            + " after its colon, which HTTP allows, is enough. AsyncHTTPClientTransport reads them.)"
    }
}

extension URL {
    /// `host:port`, or the host alone when the URL names no port.
    var hostAndPort: String {
        guard let host = host else { return "the server" }
        return port.map { "\(host):\($0)" } ?? host
    }
}
