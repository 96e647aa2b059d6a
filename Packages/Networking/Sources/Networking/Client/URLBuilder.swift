import Foundation

/// Joins a base URL with a request's path segments, extension and query.
///
/// It works on the base URL's text instead of going through
/// `URLComponents`: this runs for every request, and profiling the client
/// benchmarks showed `URLComponents` parsing the base, decoding its host and
/// serializing itself again before the final URL was parsed, the largest
/// part of the SDK's own time per request. The result is the same: the
/// base's scheme, authority, path, query and fragment are kept, in that
/// order, and only the final URL is parsed.
enum URLBuilder {
    static func url(
        base: URL,
        pathComponents: [String],
        pathExtension: String?,
        query: [QueryItem],
        redactor: Redactor
    ) throws(NetworkError) -> URL {
        guard let scheme = base.scheme, !scheme.isEmpty, base.host(percentEncoded: true) != nil else {
            throw .invalidURL(redactor.redact(base))
        }
        let parts = Parts(base.absoluteString)
        var path = String(parts.path)
        let appendsToPath = !pathComponents.isEmpty || !(pathExtension ?? "").isEmpty
        if appendsToPath, path.hasSuffix("/") {
            path.removeLast()
        }
        for component in pathComponents {
            path += "/" + PercentEncoding.encode(component)
        }
        if let pathExtension, !pathExtension.isEmpty {
            // Firebase needs `.json` after the last segment; the root is `/.json`.
            path += (path.isEmpty ? "/" : "") + "." + PercentEncoding.encode(pathExtension)
        }
        var string = String(parts.schemeAndAuthority)
        string += path.isEmpty ? "/" : path
        let ownQuery = PercentEncoding.encode(query)
        let queries = [parts.query, Substring(ownQuery)].compactMap { $0 }.filter { !$0.isEmpty }
        if !queries.isEmpty {
            string += "?" + queries.joined(separator: "&")
        }
        if let fragment = parts.fragment {
            string += "#" + fragment
        }
        guard let url = URL(string: string) else {
            throw .invalidURL(redactor.redact(text: string))
        }
        return url
    }

    /// An absolute URL's text split where a path, a query and a fragment
    /// start, all still percent-encoded.
    private struct Parts {
        /// `scheme://authority`, everything before the path.
        var schemeAndAuthority: Substring
        var path: Substring
        /// What follows `?`, if there is one.
        var query: Substring?
        /// What follows `#`, if there is one.
        var fragment: Substring?

        /// Splits `string`, a URL with an authority (`//host`).
        init(_ string: String) {
            var rest = Substring(string)
            // The fragment is whatever follows the first `#`; the query is
            // whatever follows the first `?` before it. Neither character can
            // appear unencoded earlier in a valid URL.
            fragment = nil
            if let hash = rest.firstIndex(of: "#") {
                fragment = rest[rest.index(after: hash)...]
                rest = rest[..<hash]
            }
            query = nil
            if let mark = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: mark)...]
                rest = rest[..<mark]
            }
            // The scheme ends at the first `:`; the authority follows `//`
            // and ends at the next `/`, which no part of it may contain
            // unencoded.
            var pathStart = rest.endIndex
            if let colon = rest.firstIndex(of: ":") {
                let afterColon = rest[rest.index(after: colon)...]
                if afterColon.hasPrefix("//") {
                    let authority = afterColon.dropFirst(2)
                    pathStart = authority.firstIndex(of: "/") ?? rest.endIndex
                }
            }
            schemeAndAuthority = rest[..<pathStart]
            path = rest[pathStart...]
        }
    }
}
