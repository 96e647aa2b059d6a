import Foundation
import Networking

/// One request the Sandbox answered, as the request log and the console
/// show it: what was asked, what was answered, how long it took and how big
/// it was.
///
/// Header, path and query secrets (`Authorization`, `X-Goog-Api-Key`,
/// `auth=`, `api_key=`, tokens, in any spelling a server decodes) are
/// redacted by the SDK's `Redactor` whenever an entry leaves a
/// ``RequestLog``: the log keeps requests as answered and redacts on the way
/// out, so recording, which every request pays for, does not scan for them.
/// Bodies are kept as received, at most ``CapturedBody/limit`` bytes of each
/// and only for the newest requests (8 MiB in all), and are redacted when shown
/// (``CapturedBody/redactedText(_:)``); the descriptions name their sizes only.
public struct RecordedRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Its place in the log: 1 for the first request a Sandbox answered,
    /// then one more for each; never reused, even after the log is cleared.
    public var id: Int
    /// When it arrived.
    public var date: Date
    /// The service that answered it (`firebase`, `airtable`, `bankey`,
    /// `soogreyhounds`), or an empty string when none did (a 404).
    public var service: String
    /// The method.
    public var method: String
    /// The percent-encoded path.
    public var path: String
    /// The percent-encoded query, or `nil`; read from a log, with secret
    /// values (`auth`, `api_key`, tokens) redacted as the SDK redacts them.
    public var rawQuery: String?
    /// The status answered; 0 for a dropped connection.
    public var status: Int
    /// From its arrival to its answer (for a stream, to the answer's head),
    /// added latency included.
    public var duration: Duration
    /// The request's headers; read from a log, secrets redacted.
    public var requestHeaders: HeaderFields
    /// The request's body.
    public var requestBody: CapturedBody
    /// The answer's headers; read from a log, secrets redacted.
    public var responseHeaders: HeaderFields
    /// The answer's body.
    public var responseBody: CapturedBody
    /// The emulator's note on its answer, such as which security rule
    /// refused the request; `nil` when it has none.
    public var note: String?

    /// Creates a record.
    public init(
        id: Int = 0, date: Date = Date(), service: String = "", method: String, path: String,
        rawQuery: String? = nil, status: Int, duration: Duration = .zero, requestHeaders: HeaderFields = [:],
        requestBody: CapturedBody = .empty, responseHeaders: HeaderFields = [:], responseBody: CapturedBody = .empty,
        note: String? = nil
    ) {
        self.id = id
        self.date = date
        self.service = service
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.status = status
        self.duration = duration
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.note = note
    }

    /// The same record with secrets in the path, the query and the headers
    /// redacted by `redactor`; what a ``RequestLog`` hands out.
    public func redacted(by redactor: Redactor) -> RecordedRequest {
        var copy = self
        copy.path = redactor.redact(path: path)
        copy.rawQuery = rawQuery.map { redactor.redact(text: $0) }
        copy.requestHeaders = redactor.redact(requestHeaders)
        copy.responseHeaders = redactor.redact(responseHeaders)
        return copy
    }

    /// The path and the query, as a request line shows them.
    public var target: String {
        rawQuery.map { path + "?" + $0 } ?? path
    }

    /// `#12 GET /bankey/profile/1 → 200`, bodies by size only.
    public var description: String {
        "#\(id) \(method) \(target) → \(status) (request \(requestBody), response \(responseBody))"
    }

    /// The same as ``description``: no body text.
    public var debugDescription: String { description }
}

/// The part of a body the request log keeps: its first bytes and its size.
public struct CapturedBody: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The most bytes kept of one body: enough for any lesson's JSON, small
    /// enough that one upload cannot take the log's whole body budget.
    public static let limit = 32 * 1024

    /// The first bytes, at most ``limit``; empty once the log has let go of
    /// the bodies of older requests.
    public private(set) var prefix: Data
    /// The size of the whole body, or `nil` for a stream, whose size is not
    /// known when it is recorded.
    public private(set) var count: Int?
    /// Whether the log let go of the bytes (it keeps bodies for the newest
    /// requests only).
    public private(set) var isReleased: Bool

    /// No body.
    public static let empty = CapturedBody(Data())

    /// A streamed body (server-sent events): no bytes, no size.
    public static let stream = CapturedBody(prefix: Data(), count: nil, isReleased: false)

    /// Keeps the first ``limit`` bytes of `data`; a body within the limit is
    /// shared, not copied.
    public init(_ data: Data) {
        // A slice of a large body would keep all of it alive: copy the prefix.
        let kept = data.count <= Self.limit ? data : data.prefix(Self.limit).withUnsafeBytes { Data($0) }
        self.init(prefix: kept, count: data.count, isReleased: false)
    }

    private init(prefix: Data, count: Int?, isReleased: Bool) {
        self.prefix = prefix
        self.count = count
        self.isReleased = isReleased
    }

    /// Whether bytes were cut off at ``limit``.
    public var isTruncated: Bool {
        !isReleased && (count.map { $0 > prefix.count } ?? false)
    }

    /// The kept bytes as text with secrets redacted the way the SDK redacts
    /// free text, or `nil` when they are not UTF-8 (an image). A prefix cut
    /// inside a character loses only that character.
    public func redactedText(_ redactor: Redactor = Redactor()) -> String? {
        var bytes = prefix
        if isTruncated {
            // Drop a partial UTF-8 sequence at the cut (at most 3 bytes).
            for _ in 0..<3 where String(data: bytes, encoding: .utf8) == nil && !bytes.isEmpty {
                bytes.removeLast()
            }
        }
        return String(data: bytes, encoding: .utf8).map { redactor.redact(text: $0) }
    }

    /// The same body without its bytes, its size kept.
    func released() -> CapturedBody {
        prefix.isEmpty ? self : CapturedBody(prefix: Data(), count: count, isReleased: true)
    }

    /// `123 bytes`, `a stream`, or `none`.
    public var description: String {
        guard let count else { return "a stream" }
        return count == 0 ? "none" : "\(count) bytes"
    }

    /// The same as ``description``: never the bytes.
    public var debugDescription: String { description }

    /// The size only, so `dump` does not print the bytes either.
    public var customMirror: Mirror {
        Mirror(self, children: ["count": count as Any, "isReleased": isReleased])
    }
}
