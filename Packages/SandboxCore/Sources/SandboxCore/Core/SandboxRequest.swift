import Foundation
import Networking

/// A request as an emulator receives it, whatever carried it: the HTTP
/// server or the in-process transport.
public struct SandboxRequest: Sendable {
    /// The method token exactly as sent, for the log; emulators answer
    /// unknown ones. Setting it sets ``httpMethod``.
    public var method: String {
        didSet { httpMethod = HTTPMethod(rawValue: method) }
    }
    /// The method as an ``/Networking/HTTPMethod``, read once from
    /// ``method``: what emulators and routes compare. `nil` for a token it
    /// has no case for (`BREW`), which ``method`` keeps as sent.
    public private(set) var httpMethod: HTTPMethod?
    /// The percent-encoded path, such as `/v0/app/Design%20projects`.
    public var path: String {
        didSet { pathSegments = Self.segments(of: path) }
    }
    /// The percent-encoded query without `?`, or `nil`.
    public var rawQuery: String? {
        didSet { queryItems = Self.formItems(rawQuery ?? "") }
    }
    /// The header fields.
    public var headers: HeaderFields
    /// The body; empty when there is none.
    public var body: Data
    /// Whether the request comes from this machine; admin routes require it.
    public var isLocal: Bool
    /// Where the Sandbox routed it, once it has (`Sandbox.route(_:)`).
    public var route: Routing = .undecided

    /// Whether a request has been routed, and to which service.
    public enum Routing: Sendable {
        /// Not routed yet.
        case undecided
        /// Routed: to this service, or to none (a 404).
        case decided((any SandboxService)?)
    }

    /// Creates a request.
    public init(
        method: String,
        path: String,
        rawQuery: String? = nil,
        headers: HeaderFields = [:],
        body: Data = Data(),
        isLocal: Bool = true
    ) {
        self.method = method
        self.httpMethod = HTTPMethod(rawValue: method)
        self.path = path
        self.rawQuery = rawQuery
        self.pathSegments = Self.segments(of: path)
        self.queryItems = Self.formItems(rawQuery ?? "")
        self.headers = headers
        self.body = body
        self.isLocal = isLocal
    }

    /// Creates a request from a path with an optional `?query`, as tests write it.
    public init(_ method: String, _ target: String, headers: HeaderFields = [:], body: Data = Data()) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(
            method: method,
            path: String(parts[0]),
            rawQuery: parts.count > 1 ? String(parts[1]) : nil,
            headers: headers,
            body: body
        )
    }

    /// The path split at `/` and percent-decoded; empty segments are kept
    /// out, so `/a//b/` gives `["a", "b"]`. A segment that is not valid
    /// percent-encoding is kept as written. Decoded once, when `path` is
    /// set: routing, body limits and handlers all read it.
    public private(set) var pathSegments: [String]

    /// A path's segments as ``pathSegments`` has them: split at `/`,
    /// percent-decoded, without empty ones. What a ``PathPattern`` matches.
    public static func segments(of path: String) -> [String] {
        path.mapPieces(separatedBy: UInt8(ascii: "/")) { segment in
            PercentEncoding.decode(Substring(segment)) ?? segment
        }
    }

    /// The query items in order, decoded form-style (`+` is a space).
    ///
    /// Decoded once, when ``rawQuery`` is set: emulators ask for one item at
    /// a time, a dozen times per request, and decoding the whole query for
    /// each was the Sandbox server's largest cost on a small GET
    /// (Docs/Performance.md).
    public private(set) var queryItems: [(name: String, value: String)]

    /// The items of a query or of an `application/x-www-form-urlencoded`
    /// body, in order: split at `&` (empty items skipped), then at the
    /// first `=` (none means an empty value), each side decoded form-style.
    public static func formItems(_ text: String) -> [(name: String, value: String)] {
        text.mapPieces(separatedBy: UInt8(ascii: "&")) { pair in
            guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                return (QueryItem.formDecoded(Substring(pair)), "")
            }
            return (
                QueryItem.formDecoded(Substring(pair.utf8[..<equals])),
                QueryItem.formDecoded(Substring(pair.utf8[pair.utf8.index(after: equals)...]))
            )
        }
    }

    /// The first value of the query item `name`, or `nil`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name.isSameKey(as: name) }?.value
    }

    /// Every value of the query item `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name.isSameKey(as: name) }.map(\.value)
    }
}
