import Foundation
import Networking
import SandboxCore

/// A Flickr-style answer whose members keep their order, so the bytes match
/// what Flickr (and the lesson's server) send: `{"stat":"fail","code":100,…}`
/// in that order, not sorted.
indirect enum FlickrValue: Sendable {
    case string(String)
    case number(Int)
    case array([FlickrValue])
    case object([(String, FlickrValue)])

    var json: String {
        switch self {
        case .string(let text): return JSON.string(text).jsonText
        case .number(let value): return String(value)
        case .array(let elements): return "[" + elements.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSON.string($0.0).jsonText + ":" + $0.1.json }.joined(separator: ",") + "}"
        }
    }
}

/// The three ways Flickr answers: REST (XML, the default), JSON wrapped in
/// a callback (`jsonFlickrApi(…)`, or the `jsoncallback` name), and plain
/// JSON with `nojsoncallback=1`.
enum FlickrFormat: Sendable {
    case rest
    case json(callback: String?)

    /// The format a request asks for; `nil` for an unknown `format`.
    init?(_ request: SandboxRequest) {
        switch request.query("format") ?? "rest" {
        case "rest", "":
            self = .rest
        case "json":
            if request.query("nojsoncallback") == "1" {
                self = .json(callback: nil)
            } else {
                let name = request.query("jsoncallback") ?? ""
                let isSafe =
                    !name.isEmpty && name.count <= 64
                    && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
                self = .json(callback: isSafe ? name : "jsonFlickrApi")
            }
        default:
            return nil
        }
    }

    /// A successful answer: `payload` is the method's member, such as
    /// `("photos", …)`. Following the lesson's server, JSON has no
    /// `"stat":"ok"`; the REST envelope is `<rsp stat="ok">` as on Flickr.
    func success(_ name: String, _ payload: FlickrValue) -> SandboxResponse {
        switch self {
        case .rest:
            return Self.xml("<rsp stat=\"ok\">\n" + Self.xmlElement(name, payload, indent: "") + "</rsp>\n")
        case .json(let callback):
            return Self.json(FlickrValue.object([(name, payload)]).json, callback: callback)
        }
    }

    /// A failure, with HTTP status 200 as Flickr sends it.
    func failure(code: Int, message: String) -> SandboxResponse {
        switch self {
        case .rest:
            return Self.xml(
                "<rsp stat=\"fail\">\n\t<err code=\"\(code)\" msg=\"\(Self.escape(message))\" />\n</rsp>\n")
        case .json(let callback):
            let body: FlickrValue = .object([
                ("stat", .string("fail")), ("code", .number(code)), ("message", .string(message)),
            ])
            return Self.json(body.json, callback: callback)
        }
    }

    private static func json(_ text: String, callback: String?) -> SandboxResponse {
        guard let callback else {
            return SandboxResponse(
                status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: .data(Data(text.utf8)))
        }
        return SandboxResponse(
            status: 200, headers: ["Content-Type": "text/javascript; charset=utf-8"],
            body: .data(Data("\(callback)(\(text))".utf8)))
    }

    private static func xml(_ body: String) -> SandboxResponse {
        SandboxResponse(
            status: 200, headers: ["Content-Type": "text/xml; charset=utf-8"],
            body: .data(Data(("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n" + body).utf8)))
    }

    /// Scalars become attributes, arrays of objects child elements named
    /// after the array (`<photo … />`), as Flickr's REST format does.
    private static func xmlElement(_ name: String, _ value: FlickrValue, indent: String) -> String {
        guard case .object(let members) = value else { return "\(indent)<\(name)>\(text(value))</\(name)>\n" }
        var attributes = ""
        var children = ""
        for (key, member) in members {
            switch member {
            case .array(let elements):
                for element in elements {
                    children += xmlElement(key, element, indent: indent + "\t")
                }
            case .object:
                children += xmlElement(key, member, indent: indent + "\t")
            default:
                attributes += " \(key)=\"\(escape(text(member)))\""
            }
        }
        if children.isEmpty {
            return "\(indent)<\(name)\(attributes) />\n"
        }
        return "\(indent)<\(name)\(attributes)>\n\(children)\(indent)</\(name)>\n"
    }

    private static func text(_ value: FlickrValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): String(number)
        default: ""
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
