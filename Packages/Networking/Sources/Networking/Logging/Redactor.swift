import Foundation

/// Removes secrets from what the SDK logs or describes: header values,
/// query values and the user-info part of URLs.
///
/// ```swift
/// Redactor().redact(URL(string: "https://x.test/v0/app?api_key=key123&view=Grid")!)
/// // "https://x.test/v0/app?api_key=REDACTED&view=Grid"
/// ```
public struct Redactor: Sendable {
    /// Header names whose values are secret, compared without case.
    public var sensitiveHeaders: Set<String>
    /// Query item names whose values are secret, compared without case.
    public var sensitiveQueryItems: Set<String>
    /// What replaces a secret.
    public var replacement: String

    /// Creates a redactor; the defaults cover the lessons' APIs (Airtable's
    /// `api_key`, Firebase's `auth`, SooGreyhounds' `api_key`, bearer tokens).
    public init(
        sensitiveHeaders: Set<String> = ["authorization", "cookie", "set-cookie", "proxy-authorization", "x-api-key"],
        sensitiveQueryItems: Set<String> = ["api_key", "key", "auth", "access_token", "token"],
        replacement: String = "REDACTED"
    ) {
        self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
        self.sensitiveQueryItems = Set(sensitiveQueryItems.map { $0.lowercased() })
        self.replacement = replacement
    }

    /// The URL as text with secret query values and any password replaced.
    public func redact(_ url: URL) -> String {
        redact(text: url.absoluteString)
    }

    /// The headers with secret values replaced.
    public func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(
            headers.map { field in
                (field.name, isSensitive(header: field.name) ? replacement : field.value)
            }
        )
    }

    /// The query items with secret values replaced.
    public func redact(_ items: [QueryItem]) -> [QueryItem] {
        items.map { item in
            guard item.value != nil, sensitiveQueryItems.contains(item.name.lowercased()) else { return item }
            return QueryItem(name: item.name, value: replacement)
        }
    }

    /// Whether the header's value is secret.
    public func isSensitive(header name: String) -> Bool {
        sensitiveHeaders.contains(name.lowercased())
    }

    /// Free text (an error message, a URL) with secrets replaced: the values
    /// of sensitive `name=value` pairs, `user:password@` in URLs, and bearer
    /// tokens.
    public func redact(text: String) -> String {
        var result = text
        for name in sensitiveQueryItems {
            result = replacingValues(of: name, in: result)
        }
        result = replacing(pattern: #"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+"#, in: result, template: "$1" + replacement)
        result = replacing(pattern: #"(://[^/\s:@]+:)[^/\s@]+@"#, in: result, template: "$1" + replacement + "@")
        return result
    }

    private func replacingValues(of name: String, in text: String) -> String {
        guard text.range(of: name, options: .caseInsensitive) != nil else { return text }
        let escaped = NSRegularExpression.escapedPattern(for: name)
        return replacing(
            pattern: #"(?i)((?:^|[?&;\s"'])"# + escaped + #"=)[^&#\s"']*"#,
            in: text,
            template: "$1" + NSRegularExpression.escapedTemplate(for: replacement)
        )
    }

    private func replacing(pattern: String, in text: String, template: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return regex.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }
}
