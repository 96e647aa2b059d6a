/// A request target split into its percent-encoded path and query, exactly as
/// sent: the emulators decode what they need themselves.
struct RequestTarget: Equatable {
    /// The path, such as `/v0/app/Design%20projects`; `/` when empty.
    var path: String
    /// The query without `?`, or `nil` when there was no `?`.
    var rawQuery: String?

    /// Splits an origin-form target (`/a/b?x=1`); an absolute-form target
    /// (`http://host/a/b?x=1`, as proxies send) is reduced to its path and
    /// query first, and a fragment, which clients should never send, is
    /// dropped.
    init(_ target: String) {
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") {
            rest = rest[..<hash]
        }
        if let scheme = rest.range(of: "://"), rest[..<scheme.lowerBound].allSatisfy(\.isLetter) {
            let afterAuthority = rest[scheme.upperBound...]
            rest = afterAuthority.firstIndex { $0 == "/" || $0 == "?" }.map { afterAuthority[$0...] } ?? ""
        }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        self.path = path.isEmpty ? "/" : path
        rawQuery = parts.count > 1 ? String(parts[1]) : nil
    }
}
