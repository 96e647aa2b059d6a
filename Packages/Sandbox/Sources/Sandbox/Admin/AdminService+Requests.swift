import Foundation
import Networking

/// The request-log routes: pages of the log, and one request in full.
extension AdminService {
    /// The most entries one page returns when `limit` is not given: the
    /// whole log, as before paging existed.
    static let defaultPageLimit = 10_000

    func listRequests(_ request: SandboxRequest) async -> SandboxResponse {
        var filter = RequestLog.Filter(path: request.query("path"))
        filter.service = request.query("service").flatMap { $0.isEmpty ? nil : $0 }
        filter.method = request.query("method").flatMap { $0.isEmpty ? nil : $0 }
        filter.excludesConsole = request.query("console") == "exclude"
        if let status = request.query("status"), !status.isEmpty {
            guard let statuses = Self.statuses(status) else {
                return .json(400, ["error": "Expected \"status\" to be a code such as 404, or a class such as 4xx."])
            }
            filter.statuses = statuses
        }
        let limit = request.query("limit").map { Int($0) } ?? Self.defaultPageLimit
        guard let limit, limit >= 1 else {
            return .json(400, ["error": "Expected \"limit\" to be a whole number of at least 1."])
        }
        let entries = await requests.page(
            filter, after: request.query("after").flatMap { Int($0) },
            before: request.query("before").flatMap { Int($0) }, limit: limit)
        return .json(200, .array(entries.map(Self.summary)))
    }

    func describeRequest(id text: Substring) async -> SandboxResponse {
        guard let id = Int(text), let entry = await requests.entry(id: id) else {
            return .json(404, ["error": "No request \(text) in the log, which keeps only the newest requests."])
        }
        var described = Self.summary(entry).objectValue ?? [:]
        described["request"] = [
            "headers": Self.fields(entry.requestHeaders), "body": Self.describe(entry.requestBody),
        ]
        described["response"] = [
            "headers": Self.fields(entry.responseHeaders), "body": Self.describe(entry.responseBody),
        ]
        described["curl"] = .string(Self.curl(entry))
        return .json(200, .object(described))
    }

    /// `404` → 404..<405, `4xx` → 400..<500, `dropped` → 0..<1.
    private static func statuses(_ text: String) -> Range<Int>? {
        if text == "dropped" { return 0..<1 }
        if text.count == 3, text.hasSuffix("xx"), let first = Int(text.prefix(1)), (1...5).contains(first) {
            return first * 100..<(first + 1) * 100
        }
        guard let code = Int(text), (0...999).contains(code) else { return nil }
        return code..<code + 1
    }

    private static func summary(_ entry: RecordedRequest) -> JSONValue {
        [
            "id": .number(Double(entry.id)), "time": .number((entry.date.timeIntervalSince1970 * 1000).rounded()),
            "service": .string(entry.service), "method": .string(entry.method), "path": .string(entry.path),
            "query": entry.rawQuery.map(JSONValue.string) ?? .null, "status": .number(Double(entry.status)),
            "durationMilliseconds": .number(entry.duration.seconds * 1000),
            "requestBytes": .number(Double(entry.requestBody.count ?? 0)),
            "responseBytes": entry.responseBody.count.map { .number(Double($0)) } ?? .null,
            "fromConsole": .bool(entry.isFromConsole),
        ]
    }

    /// Header fields as `[name, value]` pairs, in order, repeats kept.
    private static func fields(_ headers: HTTPHeaders) -> JSONValue {
        .array(headers.map { [.string($0.name), .string($0.value)] })
    }

    private static func describe(_ body: CapturedBody) -> JSONValue {
        let text = body.redactedText()
        return [
            "size": body.count.map { .number(Double($0)) } ?? .null,
            "text": text.map(JSONValue.string) ?? .null,
            "binary": .bool(text == nil && !body.prefix.isEmpty),
            "truncated": .bool(body.isTruncated), "released": .bool(body.isReleased),
            "streamed": .bool(body.count == nil),
        ]
    }

    /// The request as a `curl` command, redacted as the SDK's
    /// `HTTPRequest.cURLDescription` redacts: the same code writes it.
    static func curl(_ entry: RecordedRequest) -> String {
        let host = entry.requestHeaders["Host"] ?? "127.0.0.1"
        guard let url = URL(string: "http://\(host)\(entry.target)") else { return "" }
        var headers = HTTPHeaders()
        // curl writes these itself; copying them would only mislead.
        let skipped: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]
        for field in entry.requestHeaders where !skipped.contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        let method = HTTPMethod(rawValue: entry.method.uppercased())
        let body = entry.requestBody.isTruncated || entry.requestBody.isReleased ? nil : entry.requestBody.prefix
        let command = HTTPRequest(method: method ?? .get, url: url, headers: headers, body: body).cURLDescription()
        guard method == nil else { return command }
        return command.replacingOccurrences(of: "curl", with: "curl -X \(entry.method)", options: .anchored)
    }
}
