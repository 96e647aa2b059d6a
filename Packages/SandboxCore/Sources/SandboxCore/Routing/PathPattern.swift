/// A path as a route declares it, with named parameters:
/// `/bankey/profile/{id}/accounts`, `/images/{file}`, or `/{path...}.json`
/// (any number of segments, the last ending in `.json`).
///
/// It matches a request's segments, percent-decoded and without empty ones
/// (``SandboxRequest/pathSegments``), in one pass: time linear in the path.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One segment of a pattern.
    enum Segment: Sendable, Hashable {
        /// Exactly this text.
        case literal(String)
        /// Any one segment, kept under this name.
        case parameter(String)
        /// The segments up to those the pattern names after it (none or
        /// more), the last one ending in `suffix`, kept under this name
        /// joined by `/` without the suffix.
        case rest(String, suffix: String)
    }

    let segments: [Segment]
    /// The pattern as written.
    public let description: String

    /// Reads a pattern: `{name}` is a parameter, and `{name...}` (once,
    /// optionally with a suffix such as `.json`) as many segments as the
    /// literals after it leave.
    public init(_ text: String) {
        description = text
        segments = text.split(separator: "/").map { part in
            guard part.hasPrefix("{"), let close = part.firstIndex(of: "}") else { return .literal(String(part)) }
            let name = part[part.index(after: part.startIndex)..<close]
            let suffix = String(part[part.index(after: close)...])
            if name.hasSuffix("...") {
                return .rest(String(name.dropLast(3)), suffix: suffix)
            }
            return suffix.isEmpty ? .parameter(String(name)) : .literal(String(part))
        }
    }

    /// Reads a pattern written as a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The parameters of `path` if it matches, `nil` otherwise.
    public func match(_ path: [String]) -> RouteParameters? {
        // Checked first without keeping anything: a route that fails late
        // (`/{path...}/.priority.json` against `/a.json`, tried on every
        // Firebase request) then allocates nothing.
        guard walk(path, { _, _, _ in }) else { return nil }
        var parameters = RouteParameters(matching: path)
        _ = walk(path) { name, range, suffix in parameters.add(name, range: range, droppingSuffix: suffix) }
        return parameters
    }

    /// Whether `path` matches, keeping nothing.
    func matches(_ path: [String]) -> Bool {
        walk(path) { _, _, _ in }
    }

    /// Whether `path` matches, handing each parameter's name, segment range
    /// and suffix length to `found` on the way.
    private func walk(_ path: [String], _ found: (String, Range<Int>, Int) -> Void) -> Bool {
        var index = 0
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                guard index < path.count, path[index] == text else { return false }
                index += 1
            case .parameter(let name):
                guard index < path.count else { return false }
                found(name, index..<(index + 1), 0)
                index += 1
            case .rest(let name, let suffix):
                // Everything up to the segments the pattern names after it.
                let end = path.count - (segments.count - position - 1)
                guard end >= index else { return false }
                if !suffix.isEmpty {
                    guard end > index, path[end - 1].hasUTF8Suffix(suffix) else { return false }
                }
                found(name, index..<end, suffix.utf8.count)
                index = end
            }
        }
        return index == path.count
    }
}
