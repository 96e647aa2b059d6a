import Foundation

/// What FoundationNetworking's libcurl said, where its words are all the
/// information there is.
///
/// On Linux, FoundationNetworking turns most of libcurl's result codes into
/// `NSURLErrorUnknown` (swift-corelibs-foundation's
/// `_EasyHandle.urlErrorCode(for:)` maps a handful and leaves the rest
/// "to map"), and keeps libcurl's error buffer as the error's description.
/// A certificate libcurl refused, a reply cut short and a reset connection
/// all arrive as code -1 with text. This type is the one place in the SDK
/// that reads an error's text, and only that text: libcurl's messages are
/// stable across its releases (they are its documented error strings and
/// OpenSSL's `X509_verify_cert_error_string`), and Apple platforms never
/// reach here with them, since their URL errors carry precise codes.
struct LibcurlMessage {
    /// libcurl's description of the failure.
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// The certificate or handshake problem libcurl reports, if it is one.
    var tlsReason: TLSFailure.Reason? {
        // libcurl: "SSL certificate problem: <OpenSSL's verify error>".
        if text.contains("SSL certificate problem") {
            if text.contains("certificate has expired") { return .expired }
            if text.contains("certificate is not yet valid") { return .notYetValid }
            if text.contains("self signed certificate in certificate chain")
                || text.contains("self-signed certificate in certificate chain")
            {
                return .untrustedIssuer
            }
            if text.contains("self signed certificate") || text.contains("self-signed certificate") {
                return .selfSigned
            }
            return .untrustedIssuer
        }
        // libcurl's own host name check (OpenSSL backend).
        if text.contains("does not match target host name") || text.contains("no alternative certificate subject name")
        {
            return .hostnameMismatch
        }
        if text.contains("SSL_connect") || text.contains("SSL routines") || text.contains("TLS connect error") {
            return .handshakeFailed
        }
        return nil
    }

    /// Whether it describes a dropped or truncated response, which Apple
    /// platforms report as `networkConnectionLost`.
    var isLostConnection: Bool {
        ["Empty reply from server", "transfer closed with", "Recv failure", "Connection reset by peer", "Send failure"]
            .contains { text.contains($0) }
    }

    /// The text, with what it means when it stands for a FoundationNetworking
    /// limit rather than a broken server: it fails a response whose header
    /// has no space after its colon (`Content-Length:249`, as chromedriver
    /// writes), which HTTP allows.
    var explained: String {
        guard text.contains("Failed writing header") else { return text }
        return text
            + " (FoundationNetworking on Linux could not read the response's headers; a header without a space"
            + " after its colon, which HTTP allows, is enough. AsyncHTTPClientTransport reads them.)"
    }
}
