/// Which service a request is for, decided once from its path: every
/// service's mounts in one table, looked up by the path's first segment.
///
/// A mount whose first segment is literal (`/v0/{rest...}`) is tried before
/// one that starts with a capture (Firebase's `/{path...}.json`), so the
/// more specific claim wins whatever order the services are listed in:
/// `/identitytoolkit.googleapis.com/v1/x.json` is Auth's, `/posts.json`
/// the database's.
///
/// ```swift
/// let mounts = ServiceMounts([["/v0/{rest...}"], ["/{path...}.json"]])
/// mounts.service(for: ["v0", "app", "table"])  // 0
/// mounts.service(for: ["posts.json"])          // 1
/// ```
public struct ServiceMounts: Sendable {
    /// Mounts by their literal first segment, each with its service's index.
    private let byFirstSegment: [String: [(pattern: PathPattern, service: Int)]]
    /// Mounts that start with a capture, tried after the literal ones.
    private let open: [(pattern: PathPattern, service: Int)]

    /// A table of each service's mounts, by the service's index.
    public init(_ mounts: [[PathPattern]]) {
        var byFirstSegment: [String: [(pattern: PathPattern, service: Int)]] = [:]
        var open: [(pattern: PathPattern, service: Int)] = []
        for (service, patterns) in mounts.enumerated() {
            for pattern in patterns {
                if case .literal(let first)? = pattern.segments.first {
                    byFirstSegment[first, default: []].append((pattern, service))
                } else {
                    open.append((pattern, service))
                }
            }
        }
        self.byFirstSegment = byFirstSegment
        self.open = open
    }

    /// The index of the service whose mount matches `segments` (a
    /// request's ``SandboxRequest/pathSegments``), or `nil` for none.
    public func service(for segments: [String]) -> Int? {
        if let first = segments.first, let candidates = byFirstSegment[first] {
            for candidate in candidates where candidate.pattern.matches(segments) {
                return candidate.service
            }
        }
        return open.first { $0.pattern.matches(segments) }?.service
    }
}
