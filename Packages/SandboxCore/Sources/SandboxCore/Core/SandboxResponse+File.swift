import Foundation
import Networking

extension SandboxResponse {
    /// A file's bytes as file hosts serve them (RFC 9110): every image,
    /// uploaded photo and attachment of the Sandbox comes through here, so
    /// resume and revalidation can be tried offline.
    ///
    /// - `HEAD` is the `GET`'s head, with the whole `Content-Length`.
    /// - `If-None-Match` (or, without it, `If-Modified-Since`) that still
    ///   holds is a `304` with the validators.
    /// - One range (`bytes=0-99`, `bytes=100-`, `bytes=-100`) is a `206` with
    ///   its `Content-Range`; one past the end is a `416` with
    ///   `Content-Range: bytes */N`. A header that is not one valid range
    ///   (several ranges, another unit, `5-2`) is ignored: the whole `200`,
    ///   as RFC 9110 allows.
    /// - `If-Range` with a validator that no longer matches (a weak or other
    ///   entity tag, or another date) ignores `Range`: the whole `200`.
    /// - Every answer says `Accept-Ranges: bytes`.
    public static func file(
        _ data: Data, for request: SandboxRequest, contentType: String, etag: String?, lastModified: Date? = nil,
        headers extra: HeaderFields = [:]
    ) -> SandboxResponse {
        var headers = extra
        headers["Accept-Ranges"] = "bytes"
        if let etag { headers["ETag"] = etag }
        if let lastModified { headers["Last-Modified"] = HTTPDate.string(from: lastModified) }
        if FileRequest.isNotModified(request, etag: etag, lastModified: lastModified) {
            return SandboxResponse(status: 304, headers: headers)
        }
        headers["Content-Type"] = contentType
        let isHead = request.httpMethod == .head
        guard !isHead, let range = request.headers["Range"],
            FileRequest.rangeApplies(request, etag: etag, lastModified: lastModified)
        else {
            headers["Content-Length"] = String(data.count)
            return SandboxResponse(status: 200, headers: headers, body: .data(isHead ? Data() : data))
        }
        switch FileRequest.byteRange(range, size: data.count) {
        case .whole:
            headers["Content-Length"] = String(data.count)
            return SandboxResponse(status: 200, headers: headers, body: .data(data))
        case .unsatisfiable:
            headers["Content-Range"] = "bytes */\(data.count)"
            headers["Content-Type"] = "text/plain; charset=utf-8"
            return SandboxResponse(status: 416, headers: headers, body: .data(Data("Range Not Satisfiable".utf8)))
        case .part(let part):
            headers["Content-Range"] = "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(data.count)"
            headers["Content-Length"] = String(part.count)
            let start = data.startIndex
            return SandboxResponse(
                status: 206, headers: headers,
                body: .data(Data(data[(start + part.lowerBound)..<(start + part.upperBound)])))
        }
    }
}

/// How a request for a file reads its conditional and range headers.
enum FileRequest {
    /// What a `Range` header asks of a body of a given size.
    enum Answer: Equatable {
        /// Not one valid byte range: the whole body.
        case whole
        /// A valid range that starts past the end.
        case unsatisfiable
        /// The bytes to send, within the body.
        case part(Range<Int>)
    }

    /// Whether the body the client has is still current: `If-None-Match`
    /// (weak comparison) when it is there, else `If-Modified-Since`.
    static func isNotModified(_ request: SandboxRequest, etag: String?, lastModified: Date?) -> Bool {
        guard request.httpMethod == .get || request.httpMethod == .head else { return false }
        if let tags = request.headers["If-None-Match"] {
            guard let etag else { return false }
            return tags.split(separator: ",").contains { tag in
                let tag = tag.trimmingCharacters(in: .whitespaces)
                return tag == "*" || opaque(tag) == opaque(etag)
            }
        }
        if let lastModified, let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.date(from:)) {
            return lastModified <= since
        }
        return false
    }

    /// Whether `Range` applies: no `If-Range`, or one that matches by
    /// strong comparison (an entity tag) or exactly (a date).
    static func rangeApplies(_ request: SandboxRequest, etag: String?, lastModified: Date?) -> Bool {
        guard let condition = request.headers["If-Range"]?.trimmingCharacters(in: .whitespaces) else { return true }
        if condition.hasPrefix("\"") || condition.hasPrefix("W/") {
            return etag.map { !$0.hasPrefix("W/") && $0 == condition } ?? false
        }
        guard let lastModified, let date = HTTPDate.date(from: condition) else { return false }
        return Int64(lastModified.timeIntervalSince1970) == Int64(date.timeIntervalSince1970)
    }

    /// Reads one `bytes=` range; every number is checked, so no header can
    /// overflow or trap.
    static func byteRange(_ header: String, size: Int) -> Answer {
        let parts = header.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "bytes",
            !parts[1].contains(",")
        else { return .whole }
        let spec = parts[1].trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit) else { return .whole }
        if size == 0 { return first.isEmpty && last.isEmpty ? .whole : .unsatisfiable }
        if first.isEmpty {
            // A suffix: the last N bytes.
            guard let length = Int(last) else { return last.isEmpty ? .whole : .part(0..<size) }
            return length == 0 ? .unsatisfiable : .part(max(0, size - length)..<size)
        }
        // A start beyond any Int is past the end of any body.
        guard let start = Int(first) else { return .unsatisfiable }
        let end = last.isEmpty ? nil : Int(last)
        if let end, end < start { return .whole }
        guard start < size else { return .unsatisfiable }
        // An end past the body (or past any Int) is the body's end.
        let stop = end.map { min($0, size - 1) } ?? size - 1
        return .part(start..<(stop + 1))
    }

    /// An entity tag without its weakness mark, for weak comparison.
    private static func opaque(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }
}

extension Character {
    /// `0` to `9` only (not other scripts' digits, which `Int` rejects).
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
