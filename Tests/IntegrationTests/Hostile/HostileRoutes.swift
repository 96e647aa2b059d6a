import Foundation

/// The hostile server's routes, one misbehaviour each.
///
/// | Path | What it sends |
/// |---|---|
/// | `/echo` | 200 with what it received: method, body, `Authorization`, `Cookie` |
/// | `/auth/basic`, `/auth/bearer` | 401 with `WWW-Authenticate` and Firebase's JSON error |
/// | `/redirect/<status>?to=<target>` | that status with `Location: <target>` |
/// | `/loop` | 302 to itself, forever |
/// | `/retry-after?value=<v>` | 503 with `Retry-After: <v>` |
/// | `/truncated` | `Content-Length: 1000` and 10 bytes, then closes |
/// | `/endless` | a chunked body that never ends |
/// | `/drip` | a JSON body one byte at a time |
/// | `/sse/no-newline`, `/sse/no-blank-line` | event streams whose line, or event, never ends |
/// | `/html-error` | a proxy's 502 HTML page |
/// | `/invalid-utf8` | JSON with bytes that are not UTF-8 inside a string |
/// | `/header-flood` | 5,000 header fields, 500 KB of them |
/// | `/gzip`, `/deflate` | `{"compressed":true}`, compressed |
/// | `/refuse-upload` | 413 at once, without reading the body, then closes |
/// | `/cut?at=<n>` | 100,000 bytes with an `ETag`, cut after `n`; a `Range` request gets the rest as a 206 |
enum HostileRoutes {
    static let compressed = Data(#"{"compressed":true}"#.utf8)
    /// The body `/cut` serves: bytes that differ from one offset to the next.
    static let cutBody = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
    static let gzip = Data(base64Encoded: "H4sIAAAAAAACA6tWSs7PLShKLS5OTVGyKikqTa0FAPHqOZUTAAAA")!
    static let deflate = Data(base64Encoded: "eJyrVkrOzy0oSi0uTk1RsiopKk2tBQBJPAds")!

    @Sendable static func respond(_ request: HostileServer.Received, _ server: HostileServer) -> [HostileServer.Step] {
        switch request.path {
        case "/echo":
            let echo: [String: String] = [
                "method": request.method, "body": String(decoding: request.body, as: UTF8.self),
                "authorization": request.headers["authorization"] ?? "", "cookie": request.headers["cookie"] ?? "",
            ]
            return HostileServer.reply(200, ["Content-Type": "application/json"], try! JSONEncoder().encode(echo))
        case "/auth/basic":
            return HostileServer.reply(
                401, ["WWW-Authenticate": #"Basic realm="hostile""#, "Content-Type": "application/json"],
                Data(#"{"error" : "Permission denied"}"#.utf8))
        case "/auth/bearer":
            return HostileServer.reply(
                401,
                [
                    "WWW-Authenticate": #"Bearer realm="api", error="invalid_token""#,
                    "Content-Type": "application/json",
                ],
                Data(#"{"error" : "Permission denied"}"#.utf8))
        case "/loop":
            return HostileServer.reply(302, ["Location": "/loop"])
        case let path where path.hasPrefix("/redirect/"):
            let status = Int(path.dropFirst("/redirect/".count)) ?? 302
            return HostileServer.reply(status, ["Location": request.query["to"] ?? "/echo"])
        case "/retry-after":
            return HostileServer.reply(
                503, ["Retry-After": request.query["value"] ?? "", "Content-Type": "application/json"],
                Data(#"{"error":"busy"}"#.utf8))
        case "/truncated":
            return [.send(HostileServer.head(200, ["Content-Length": "1000"]) + Data("0123456789".utf8))]
        case "/endless":
            return [
                .send(HostileServer.head(200, ["Transfer-Encoding": "chunked"])),
                .endless(chunk: Data(repeating: UInt8(ascii: "a"), count: 64 << 10)),
            ]
        case "/drip":
            let body = Data("[1,2,3,4,5,6,7,8,9]".utf8)
            return [
                .send(HostileServer.head(200, ["Content-Length": "\(body.count)", "Content-Type": "application/json"]))
            ]
                + body.flatMap { [.pause(0.02), .send(Data([$0]))] }
        case "/sse/no-newline":
            return [
                .send(HostileServer.head(200, ["Content-Type": "text/event-stream", "Transfer-Encoding": "chunked"])),
                .send(HostileServer.chunk(Data("data: ".utf8))),
                .endless(chunk: Data(repeating: UInt8(ascii: "x"), count: 16 << 10)),
            ]
        case "/sse/no-blank-line":
            return [
                .send(HostileServer.head(200, ["Content-Type": "text/event-stream", "Transfer-Encoding": "chunked"])),
                .endless(chunk: Data(String(repeating: "data: xxxxxxxxxxxxxxxxxxxx\n", count: 512).utf8)),
            ]
        case "/html-error":
            return HostileServer.reply(
                502, ["Content-Type": "text/html"],
                Data("<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>".utf8))
        case "/invalid-utf8":
            return HostileServer.reply(
                200, ["Content-Type": "application/json"],
                Data(#"{"name":""#.utf8) + Data([0xFF, 0xFE, 0xC3]) + Data(#""}"#.utf8))
        case "/refuse-upload":
            return HostileServer.reply(413, ["Content-Type": "application/json"], Data(#"{"error":"too large"}"#.utf8))
        case "/cut":
            let whole = cutBody
            if let range = request.headers["range"], range.hasPrefix("bytes="),
                let first = Int(range.dropFirst(6).prefix { $0 != "-" }), first < whole.count,
                request.headers["if-range"] == "\"cut-v1\""
            {
                let rest = whole[first...]
                return HostileServer.reply(
                    206, ["ETag": "\"cut-v1\"", "Content-Range": "bytes \(first)-\(whole.count - 1)/\(whole.count)"],
                    Data(rest))
            }
            let at = min(whole.count, max(0, Int(request.query["at"] ?? "0") ?? 0))
            return [
                .send(
                    HostileServer.head(200, ["ETag": "\"cut-v1\"", "Content-Length": "\(whole.count)"])
                        + whole.prefix(at))
            ]
        case "/header-flood":
            let flood = (0..<5000).map { ("X-Flood-\($0)", String(repeating: "v", count: 90)) }
            return [.send(HostileServer.head(200, ["Content-Length": "2"], extra: flood) + Data("{}".utf8))]
        case "/gzip":
            return HostileServer.reply(200, ["Content-Type": "application/json", "Content-Encoding": "gzip"], gzip)
        case "/deflate":
            return HostileServer.reply(
                200, ["Content-Type": "application/json", "Content-Encoding": "deflate"], deflate)
        default:
            return HostileServer.reply(404, [:], Data("no such route".utf8))
        }
    }
}
