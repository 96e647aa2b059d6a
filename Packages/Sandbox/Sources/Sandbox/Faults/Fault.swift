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
    ///
    /// At most the text's length times the pattern's for any number of
    /// stars: the parts between stars are found left to right, each at its
    /// first place, which is all a match needs (a later place never helps
    /// the parts after it). The recursive version took exponential time on
    /// `*a*a*a*…b`, inside the lock every request waits on.
    static func glob(_ pattern: Substring, matches text: Substring) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        let first = parts[0]
        let last = parts[parts.count - 1]
        guard text.count >= first.count + last.count, text.hasPrefix(first), text.hasSuffix(last)
        else { return false }
        var rest = text.dropFirst(first.count).dropLast(last.count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
