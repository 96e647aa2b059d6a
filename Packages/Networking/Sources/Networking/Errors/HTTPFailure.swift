import Foundation

/// A response with a status outside 2xx (or an API failure inside a 2xx body):
/// what was asked, what came back, and the server's own message.
public struct HTTPFailure: Sendable, CustomStringConvertible {
    /// The status code.
    public var status: Int
    /// The request method.
    public var method: HTTPMethod
    /// The request URL, with secrets redacted.
    public var url: String
    /// The server's own error message, parsed from the body when it has one.
    public var message: ServerMessage?
    /// The response headers.
    public var headers: HeaderFields
    /// The whole response body. Firebase's 412 carries the current value here.
    public var body: Data
    /// How long the server asked the client to wait (`Retry-After`, in seconds
    /// or as an HTTP date), if it said.
    public var retryAfter: Duration?
    /// Whether the request carried credentials: a secret header
    /// (`Authorization`, an API-key header) or a secret query item
    /// (`auth=`, `key=`), as the client's ``Redactor`` names them. A refusal
    /// of a request that carried them is about permission, not sign-in.
    public var carriedCredentials: Bool

    /// Creates a failure.
    public init(
        status: Int,
        method: HTTPMethod,
        url: String,
        message: ServerMessage? = nil,
        headers: HeaderFields = [:],
        body: Data = Data(),
        retryAfter: Duration? = nil,
        carriedCredentials: Bool = false
    ) {
        self.status = status
        self.method = method
        self.url = url
        self.message = message
        self.headers = headers
        self.body = body
        self.retryAfter = retryAfter
        self.carriedCredentials = carriedCredentials
    }

    /// The first bytes of the body as text, capped so an error never carries
    /// a whole page.
    public var bodyExcerpt: String {
        BodyExcerpt.make(from: body)
    }

    /// One line: status, request and the server's message or body excerpt.
    public var description: String {
        describe("HTTP error")
    }

    func describe(_ title: String) -> String {
        var line = "\(title) (\(status)) for \(method.rawValue) \(url)"
        if let message {
            line += ": \(message)"
        } else if !body.isEmpty {
            line += ". Body: \(bodyExcerpt)"
        }
        return line.hasSuffix(".") ? line : line + "."
    }
}

/// A short, single-line, printable excerpt of a body.
enum BodyExcerpt {
    static let limit = 200

    static func make(from data: Data) -> String {
        let prefix = data.prefix(limit * 4)
        var text = String(decoding: prefix, as: UTF8.self)
            .split(whereSeparator: { $0.isNewline || $0 == "\t" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        if text.count > limit {
            text = String(text.prefix(limit)) + "…"
        } else if data.count > prefix.count {
            text += "…"
        }
        return text
    }
}
