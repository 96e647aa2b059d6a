import Foundation

/// How ``NetworkClient`` follows a redirect, as RFC 9110 (§15.4) says and
/// browsers do, identically over every transport.
///
/// - 307 and 308 repeat the request as it was, method and body included.
/// - 303 becomes a `GET` without a body (a `HEAD` stays a `HEAD`).
/// - 301 and 302 after a `POST` become a `GET` without a body; other methods
///   are repeated as they were.
/// - A hop to another origin (scheme, host or port) drops every header the
///   client's ``Redactor`` calls secret (`Authorization`, cookies, API-key
///   headers), so a server cannot redirect credentials to a third party.
/// - Only `http` and `https` targets are followed.
enum Redirect {
    /// The request to send after `status`, or `nil` when it is not a
    /// redirect this client follows.
    static func request(
        after status: Int, headers: HeaderFields, from request: TransportRequest, redactor: Redactor
    ) -> TransportRequest? {
        switch status {
        case 301, 302, 303, 307, 308: break
        default: return nil
        }
        guard let location = headers["Location"]?.trimmingCharacters(in: .whitespaces), !location.isEmpty,
            location.utf8.count <= 8192,
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else { return nil }
        var next = request
        next.url = target
        let becomesGet =
            (status == 303 && request.method != .head) || ((status == 301 || status == 302) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] {
                next.headers.remove(name)
            }
        }
        if !target.hasSameOrigin(as: request.url) {
            for field in request.headers where redactor.isSensitive(header: field.name) {
                next.headers.remove(field.name)
            }
        }
        return next
    }
}

extension URL {
    /// Whether both URLs have the same scheme, host and port, the default
    /// port counting as written.
    func hasSameOrigin(as other: URL) -> Bool {
        scheme?.lowercased() == other.scheme?.lowercased()
            && host?.lowercased() == other.host?.lowercased()
            && effectivePort == other.effectivePort
    }

    private var effectivePort: Int? {
        port ?? (scheme?.lowercased() == "https" ? 443 : scheme?.lowercased() == "http" ? 80 : nil)
    }
}
