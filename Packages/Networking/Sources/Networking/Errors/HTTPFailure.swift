import Foundation

/// A response with a status outside 2xx (or an API failure inside a 2xx body):
/// what was asked, who answered, what came back, and the server's own
/// message.
public struct HTTPFailure: Sendable, CustomStringConvertible {
    /// The service that answered, as its client names it
    /// (``NetworkClient/service``); `nil` for a client that names none.
    public var service: ServiceName?
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
    /// What to do about it, in the service's terms, when its client knows
    /// (Firebase Authentication's "The password is wrong."); otherwise the
    /// description says what a failure of its kind calls for.
    public var advice: String?

    /// Creates a failure.
    public init(
        service: ServiceName? = nil,
        status: Int,
        method: HTTPMethod,
        url: String,
        message: ServerMessage? = nil,
        headers: HeaderFields = [:],
        body: Data = Data(),
        retryAfter: Duration? = nil,
        carriedCredentials: Bool = false,
        advice: String? = nil
    ) {
        self.service = service
        self.status = status
        self.method = method
        self.url = url
        self.message = message
        self.headers = headers
        self.body = body
        self.retryAfter = retryAfter
        self.carriedCredentials = carriedCredentials
        self.advice = advice
    }

    /// The first bytes of the body as text, capped so an error never carries
    /// a whole page.
    public var bodyExcerpt: String {
        BodyExcerpt.make(from: body)
    }

    /// One sentence: who answered what to which request, the server's
    /// message, and what to do.
    public var description: String {
        switch status {
        case 304: describe("has nothing newer", advice: "Use the copy you have.")
        case 300..<400: describe("redirected without a usable location", advice: "Check the URL.")
        case 400..<500: describe("refused the request", advice: "Check the request.")
        case 500..<600: describe("failed", advice: "Try again later.")
        default: describe("answered unexpectedly", advice: "Check the URL and the service.")
        }
    }

    /// `Service <what happened> (status) for METHOD url: message. Advice`,
    /// with the status left out where it would mislead (an API's failure
    /// inside a `200`).
    func describe(_ happened: String, showsStatus: Bool = true, advice fallback: String) -> String {
        var line = "\(service?.description ?? "The server") \(happened)"
        if showsStatus { line += " (\(status))" }
        line += " for \(method.rawValue) \(url)"
        if let message {
            line += ": \(message)"
        } else if !body.isEmpty {
            line += ". Body: \(bodyExcerpt)"
        }
        if !line.hasSuffix(".") { line += "." }
        return line + " " + (advice ?? fallback)
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
