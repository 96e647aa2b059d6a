import Foundation

/// Joins a base URL with a request's path segments, extension and query.
enum URLBuilder {
    static func url(
        base: URL,
        pathComponents: [String],
        pathExtension: String?,
        query: [QueryItem],
        redactor: Redactor
    ) throws(NetworkError) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true),
            // `encodedHost`, not `host`: only presence matters, and `host`
            // decodes the name (IDNA through ICU) on every request.
            let scheme = components.scheme, !scheme.isEmpty, components.encodedHost != nil
        else {
            throw .invalidURL(redactor.redact(base))
        }
        var path = components.percentEncodedPath
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
        components.percentEncodedPath = path.isEmpty ? "/" : path
        let ownQuery = PercentEncoding.encode(query)
        switch (components.percentEncodedQuery ?? "", ownQuery) {
        case ("", ""): components.percentEncodedQuery = nil
        case (let baseQuery, ""): components.percentEncodedQuery = baseQuery
        case ("", _): components.percentEncodedQuery = ownQuery
        case (let baseQuery, _): components.percentEncodedQuery = baseQuery + "&" + ownQuery
        }
        guard let url = components.url else {
            throw .invalidURL(redactor.redact(text: components.string ?? base.absoluteString))
        }
        return url
    }
}
