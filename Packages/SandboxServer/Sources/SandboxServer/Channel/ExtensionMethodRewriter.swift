import NIOCore

/// Lets requests with methods NIO's HTTP parser does not know (`BREW`, a
/// lowercase `get`) reach the Sandbox, which answers every method itself.
///
/// NIO parses HTTP/1 with llhttp, which refuses any method outside its fixed
/// list before a handler sees the request. This rewriter sits in front of the
/// parser, follows the connection's byte stream request by request (heads,
/// `Content-Length` and chunked bodies) and replaces an unknown method with
/// ``placeholderMethod`` plus a ``methodHeader`` field carrying the token as
/// sent; the responder restores it. Everything else passes through untouched.
///
/// Whenever the stream is not plainly framed HTTP/1 (bare line feeds, folded
/// or duplicate framing headers, upgrades, oversized heads) the rewriter steps
/// aside for the rest of the connection and lets llhttp judge the bytes, so it
/// can never make the parser accept something it would refuse.
struct ExtensionMethodRewriter {
    /// The method an extension method travels under through NIO's parser.
    static let placeholderMethod = "SOURCE"
    /// The header field carrying the original method token.
    static let methodHeader = "x-sandbox-extension-method"

    /// The methods llhttp parses in HTTP mode (its `HTTP_METHOD_MAP`), plus
    /// the HTTP/2 preface's `PRI`.
    static let knownMethods: Set<String> = [
        "DELETE", "GET", "HEAD", "POST", "PUT", "CONNECT", "OPTIONS", "TRACE", "COPY", "LOCK", "MKCOL", "MOVE",
        "PROPFIND", "PROPPATCH", "SEARCH", "UNLOCK", "BIND", "REBIND", "UNBIND", "ACL", "REPORT", "MKACTIVITY",
        "CHECKOUT", "MERGE", "M-SEARCH", "NOTIFY", "SUBSCRIBE", "UNSUBSCRIBE", "PATCH", "PURGE", "MKCALENDAR",
        "LINK", "UNLINK", "SOURCE", "QUERY", "PRI",
    ]

    /// Larger than NIO's own header limits, so the parser refuses a huge head
    /// before this rewriter would give up on it.
    static let maximumHeadSize = 128 * 1024
    /// The longest chunk-size or trailer line followed.
    static let maximumLineSize = 16 * 1024

    fileprivate enum State {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case passthrough
    }

    private var state = State.head
    /// The bytes of the head (or line) being read, held back until complete.
    private var pending: [UInt8] = []

    /// Whether the rewriter has stepped aside for the rest of the connection.
    var isPassingThrough: Bool {
        if case .passthrough = state { return true }
        return false
    }

    /// Consumes bytes from the connection and returns what the parser
    /// should see, in order.
    mutating func process(_ input: ByteBuffer) -> [ByteBuffer] {
        var input = input
        var output: [ByteBuffer] = []
        while input.readableBytes > 0 {
            switch state {
            case .passthrough:
                output.append(input)
                return output
            case .head:
                readHead(from: &input, into: &output)
            case .fixedBody(let remaining):
                let count = min(remaining, input.readableBytes)
                if let slice = input.readSlice(length: count) { output.append(slice) }
                state = remaining == count ? .head : .fixedBody(remaining: remaining - count)
            case .chunkData(let remaining):
                let count = min(remaining, input.readableBytes)
                if let slice = input.readSlice(length: count) { output.append(slice) }
                state = remaining == count ? .chunkDataEnd : .chunkData(remaining: remaining - count)
            case .chunkSize, .chunkDataEnd, .trailers:
                readLine(from: &input, into: &output)
            }
        }
        return output
    }

    /// The bytes held back, unchanged, for when the connection's input ends:
    /// the parser then reports the truncated request itself.
    mutating func flush() -> ByteBuffer? {
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll() }
        return ByteBuffer(bytes: pending)
    }

    // MARK: Heads

    private mutating func readHead(from input: inout ByteBuffer, into output: inout [ByteBuffer]) {
        // Empty lines before a request line are skipped by llhttp; pass them on.
        if pending.isEmpty {
            let blanks = input.readableBytesView.prefix { $0 == .cr || $0 == .lf }.count
            if blanks > 0, let slice = input.readSlice(length: blanks) {
                output.append(slice)
                return
            }
        }
        let view = input.readableBytesView
        var consumed = 0
        var complete = false
        for byte in view {
            pending.append(byte)
            consumed += 1
            if pending.count >= 4, pending.suffix(4).elementsEqual([.cr, .lf, .cr, .lf]) {
                complete = true
                break
            }
            if pending.count > Self.maximumHeadSize { break }
        }
        input.moveReaderIndex(forwardBy: consumed)
        if complete {
            let head = pending
            pending.removeAll()
            output.append(finishHead(head))
        } else if pending.count > Self.maximumHeadSize {
            passThrough(&output)
        }
    }

    /// Parses a complete head, chooses how its body is framed, and returns
    /// the head the parser should see.
    private mutating func finishHead(_ head: [UInt8]) -> ByteBuffer {
        let original = ByteBuffer(bytes: head)
        guard let parsed = ParsedHead(head) else {
            state = .passthrough
            return original
        }
        state = parsed.bodyState
        guard !Self.knownMethods.contains(parsed.method) else { return original }
        var rewritten = ByteBuffer()
        rewritten.writeString(Self.placeholderMethod)
        rewritten.writeBytes(head[parsed.methodEnd..<parsed.requestLineEnd])
        rewritten.writeString("\(Self.methodHeader): \(parsed.method)\r\n")
        rewritten.writeBytes(head[parsed.requestLineEnd...])
        return rewritten
    }

    // MARK: Chunked bodies

    private mutating func readLine(from input: inout ByteBuffer, into output: inout [ByteBuffer]) {
        let view = input.readableBytesView
        let lineEnd = view.firstIndex(of: .lf)
        let count = lineEnd.map { view.distance(from: view.startIndex, to: $0) + 1 } ?? view.count
        pending.append(contentsOf: view.prefix(count))
        if let slice = input.readSlice(length: count) { output.append(slice) }
        guard lineEnd != nil else {
            if pending.count > Self.maximumLineSize { passThrough(&output) }
            return
        }
        let line = pending
        pending.removeAll()
        guard line.count >= 2, line[line.count - 2] == .cr else {
            state = .passthrough
            return
        }
        let content = line.dropLast(2)
        switch state {
        case .chunkSize:
            guard let size = Self.chunkSize(content) else {
                state = .passthrough
                return
            }
            state = size == 0 ? .trailers : .chunkData(remaining: size)
        case .chunkDataEnd:
            state = content.isEmpty ? .chunkSize : .passthrough
        case .trailers:
            state = content.isEmpty ? .head : .trailers
        default:
            state = .passthrough
        }
    }

    /// The size of a chunk-size line (hex digits, then optional extensions).
    private static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        var size = 0
        for byte in digits {
            guard let value = hexValue(byte) else { return nil }
            size = size << 4 | value
        }
        return size
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func passThrough(_ output: inout [ByteBuffer]) {
        if let held = flush() { output.append(held) }
        state = .passthrough
    }
}

extension ExtensionMethodRewriter {
    /// What the rewriter needs from a request head: the method token and
    /// where it ends, and how the body is framed.
    fileprivate struct ParsedHead {
        var method: String
        var methodEnd: Int
        /// The index just past the request line's CRLF.
        var requestLineEnd: Int
        var bodyState: State

        /// Parses a head ending in CRLF CRLF; `nil` when anything is outside
        /// plain HTTP/1 framing, so the parser alone decides.
        init?(_ head: [UInt8]) {
            var lines: [ArraySlice<UInt8>] = []
            var lineStart = 0
            for index in head.indices where head[index] == .lf {
                guard index > lineStart, head[index - 1] == .cr else { return nil }
                lines.append(head[lineStart..<(index - 1)])
                lineStart = index + 1
            }
            guard let requestLine = lines.first, let space = requestLine.firstIndex(of: .space) else { return nil }
            let methodBytes = requestLine[requestLine.startIndex..<space]
            guard !methodBytes.isEmpty, methodBytes.allSatisfy(Self.isTokenCharacter) else { return nil }
            method = String(decoding: methodBytes, as: UTF8.self)
            methodEnd = space
            requestLineEnd = requestLine.endIndex + 2
            // What follows a CONNECT or an HTTP/2 preface is not HTTP/1.
            guard method != "CONNECT", method != "PRI", let framing = Self.framing(of: lines.dropFirst()) else {
                return nil
            }
            bodyState = framing
        }

        private static func framing(of lines: ArraySlice<ArraySlice<UInt8>>) -> State? {
            var contentLength: Int?
            var transferEncoding: String?
            for line in lines where !line.isEmpty {
                guard let first = line.first, first != .space, first != .tab,
                    let colon = line.firstIndex(of: UInt8(ascii: ":"))
                else { return nil }
                let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
                let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
                    .trimmingOWS()
                switch name {
                case "content-length":
                    guard contentLength == nil, !value.isEmpty, value.utf8.allSatisfy(Self.isDigit),
                        let length = Int(value)
                    else { return nil }
                    contentLength = length
                case "transfer-encoding":
                    guard transferEncoding == nil else { return nil }
                    transferEncoding = value.lowercased()
                case "upgrade":
                    return nil
                default:
                    guard !name.utf8.contains(where: { !Self.isTokenCharacter($0) }) else { return nil }
                }
            }
            switch (contentLength, transferEncoding) {
            case (nil, nil):
                return .head
            case (let length?, nil):
                return length == 0 ? .head : .fixedBody(remaining: length)
            case (nil, let encoding?):
                let last = encoding.split(separator: ",").last.map { String($0).trimmingOWS() }
                return last == "chunked" ? .chunkSize : nil
            case (.some, .some):
                return nil
            }
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// RFC 9110 `tchar`.
        static func isTokenCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}

extension UInt8 {
    fileprivate static let cr = UInt8(ascii: "\r")
    fileprivate static let lf = UInt8(ascii: "\n")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
}

extension String {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate func trimmingOWS() -> String {
        let utf8 = self.utf8
        let isOWS: (UInt8) -> Bool = { $0 == .space || $0 == .tab }
        guard let first = utf8.firstIndex(where: { !isOWS($0) }), let last = utf8.lastIndex(where: { !isOWS($0) })
        else { return "" }
        return String(self[first...last])
    }
}
