import Foundation
import Networking

/// Flickr's REST XML answers, read just enough for the upload API:
/// `<rsp stat="ok"><photoid>1234</photoid></rsp>` and
/// `<rsp stat="fail"><err code="2" msg="No photo specified" /></rsp>`.
/// Bounded: only the first 64 KiB of a body are looked at.
enum FlickrXML {
    /// The text of the first `<element>…</element>`, unescaped.
    static func text(of element: String, in body: Data) -> String? {
        let xml = String(decoding: body.prefix(64 << 10), as: UTF8.self)
        guard let open = xml.range(of: "<\(element)"), let close = xml.range(of: "</\(element)>"),
            let end = xml[open.upperBound...].firstIndex(of: ">"), end < close.lowerBound
        else { return nil }
        return unescaped(String(xml[xml.index(after: end)..<close.lowerBound]))
    }

    /// The `code` and `msg` of an `<err … />`, as a server message.
    static func failure(in body: Data) -> ServerMessage? {
        let xml = String(decoding: body.prefix(64 << 10), as: UTF8.self)
        guard xml.contains("stat=\"fail\""), let err = xml.range(of: "<err "),
            let end = xml[err.upperBound...].firstIndex(of: ">")
        else { return nil }
        let tag = String(xml[err.upperBound..<end])
        guard let code = attribute("code", in: tag) else { return nil }
        return ServerMessage(code: code, message: attribute("msg", in: tag) ?? "The upload failed")
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: "\(name)=\"") else { return nil }
        guard let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return unescaped(String(tag[start.upperBound..<end]))
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
