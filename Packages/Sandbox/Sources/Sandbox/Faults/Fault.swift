import Foundation
import Networking

/// A scripted failure: the next `count` requests whose path matches answer
/// this way instead of reaching the emulator.
///
/// ```swift
/// await sandbox.faults.inject(Fault(path: "/posts/*", count: 1, status: 503, headers: ["Retry-After": "1"]))
/// await sandbox.faults.inject(Fault(path: "/v0/*", count: 2, action: .dropConnection))
/// ```
public struct Fault: Sendable {
    /// What a faulted request gets.
    public enum Action: Sendable {
        /// A response with this status, headers and body.
        case respond(status: Int, headers: HTTPHeaders, body: Data)
        /// The connection closes without a response.
        case dropConnection
    }

    /// Which paths it applies to; `*` matches any run of characters,
    /// slashes included. The query is not part of the match.
    public var path: String
    /// The method it applies to, or `nil` for every method.
    public var method: String?
    /// How many requests it applies to before it is used up.
    public var count: Int
    /// What those requests get.
    public var action: Action

    /// Creates a fault with any action.
    public init(path: String, method: String? = nil, count: Int = 1, action: Action) {
        self.path = path
        self.method = method
        self.count = count
        self.action = action
    }

    /// Creates a fault that answers a status.
    public init(
        path: String,
        method: String? = nil,
        count: Int = 1,
        status: Int,
        headers: HTTPHeaders = [:],
        body: Data = Data()
    ) {
        self.init(
            path: path, method: method, count: count, action: .respond(status: status, headers: headers, body: body))
    }

    func matches(_ request: SandboxRequest) -> Bool {
        (method.map { $0.caseInsensitiveCompare(request.method) == .orderedSame } ?? true)
            && Self.glob(path[...], matches: request.path[...])
    }

    /// `*` matches any run of characters; everything else matches itself.
    static func glob(_ pattern: Substring, matches text: Substring) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == text }
        let prefix = pattern[..<star]
        guard text.hasPrefix(prefix) else { return false }
        let rest = pattern[pattern.index(after: star)...]
        var candidate = text.dropFirst(prefix.count)
        while true {
            if glob(rest, matches: candidate) { return true }
            guard !candidate.isEmpty else { return false }
            candidate = candidate.dropFirst()
        }
    }
}
