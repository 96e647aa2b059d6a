import Foundation

extension TransportRequest {
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
        if let body {
            parts.append(contentsOf: Self.arguments(for: body, redactor: redactor))
        }
        return parts.joined(separator: " \\\n  ")
    }

    /// The body as `curl` arguments: text as `--data-raw` (redacted),
    /// other bytes and streams by size, a file as `@path`, and a
    /// multipart form as its `--form-string` and `-F` fields.
    private static func arguments(for body: TransferBody, redactor: Redactor) -> [String] {
        switch body.source {
        case .bytes(let data):
            if data.isEmpty { return [] }
            if let text = String(data: data, encoding: .utf8) {
                return ["--data-raw " + quoted(redactor.redact(text: text))]
            }
            return ["--data-binary '<\(data.count) bytes>'"]
        case .file(let url, _):
            return ["--data-binary " + quoted("@" + url.path)]
        case .chunks, .json:
            return ["--data-binary " + quoted(body.description)]
        case .multipart(let form):
            return form.parts.map { part in
                let name = MultipartForm.escaped(part.name).replacingOccurrences(of: "=", with: "%3D")
                let type = part.contentType.map { ";type=\($0)" } ?? ""
                switch part.content {
                case .text(let value):
                    let shown = redactor.isSecret(name: part.name) ? redactor.replacement : redactor.redact(text: value)
                    return "--form-string " + quoted("\(name)=\(shown)")
                case .data:
                    return "-F " + quoted("\(name)=@\(part.filename ?? "-")\(type)")
                case .file(let url, _):
                    let filename = part.filename.map { ";filename=\"\(MultipartForm.escaped($0))\"" } ?? ""
                    return "-F " + quoted("\(name)=@\"\(url.path)\"\(filename)\(type)")
                }
            }
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
