import Foundation

extension HTTPRequest {
    /// The request as a `curl` command line, with secrets redacted, for
    /// pasting into a bug report.
    ///
    /// ```
    /// curl -X POST 'https://api.airtable.com/v0/app/Design%20projects' \
    ///   -H 'Authorization: REDACTED' -H 'Content-Type: application/json' \
    ///   --data-raw '{"fields":{"Name":"Test"}}'
    /// ```
    public func cURLDescription(redactor: Redactor = Redactor()) -> String {
        var parts = ["curl"]
        if method != .get {
            parts.append("-X \(method.rawValue)")
        }
        parts.append(Self.quoted(redactor.redact(url)))
        for field in redactor.redact(headers) {
            parts.append("-H " + Self.quoted("\(field.name): \(field.value)"))
        }
        if let body, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8) {
                parts.append("--data-raw " + Self.quoted(redactor.redact(text: text)))
            } else {
                parts.append("--data-binary '<\(body.count) bytes>'")
            }
        }
        return parts.joined(separator: " \\\n  ")
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
