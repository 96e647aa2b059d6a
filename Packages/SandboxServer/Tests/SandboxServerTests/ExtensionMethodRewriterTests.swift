import NIOCore
import Testing

@testable import SandboxServer

@Suite("The extension-method rewriter follows request framing and rewrites only unknown methods")
struct ExtensionMethodRewriterTests {
    /// Runs `input` through a rewriter in pieces of `pieceSize` bytes and
    /// returns what the parser would see, and whether it stepped aside.
    private static func rewrite(_ input: String, pieceSize: Int = .max) -> (output: String, passedThrough: Bool) {
        var rewriter = ExtensionMethodRewriter()
        let bytes = Array(input.utf8)
        var output: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, min(pieceSize, bytes.count)))
            for buffer in rewriter.process(ByteBuffer(bytes: bytes[start..<end])) {
                output += buffer.readableBytesView
            }
            start = end
        }
        if let held = rewriter.flush() { output += held.readableBytesView }
        return (String(decoding: output, as: UTF8.self), rewriter.isPassingThrough)
    }

    private static let marker = "\(ExtensionMethodRewriter.methodHeader): "

    @Test("Known methods pass untouched, whatever the piece size", arguments: [1, 2, 3, 7, 1000])
    func knownMethods(pieceSize: Int) {
        let input =
            "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcPATCH /c HTTP/1.1\r\n\r\n"
        #expect(Self.rewrite(input, pieceSize: pieceSize) == (input, false))
    }

    @Test("An unknown method becomes the placeholder plus a header carrying it", arguments: [1, 5, 1000])
    func unknownMethod(pieceSize: Int) {
        let result = Self.rewrite("BREW /pot?x=1 HTTP/1.1\r\nHost: x\r\n\r\n", pieceSize: pieceSize)
        #expect(result.output == "SOURCE /pot?x=1 HTTP/1.1\r\n\(Self.marker)BREW\r\nHost: x\r\n\r\n")
        #expect(!result.passedThrough)
    }

    @Test("Request-like bytes inside fixed and chunked bodies stay untouched", arguments: [1, 4, 1000])
    func bodiesAreNotRequests(pieceSize: Int) {
        let body = "BREW / HTTP/1.1\r\n\r\n"
        let chunked =
            "PUT /c HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n13\r\n\(body)\r\n0\r\nT: 1\r\n\r\n"
        let input = "POST /a HTTP/1.1\r\nContent-Length: 19\r\n\r\n\(body)" + chunked + "\r\nbrew /d HTTP/1.1\r\n\r\n"
        let expected =
            "POST /a HTTP/1.1\r\nContent-Length: 19\r\n\r\n\(body)" + chunked
            + "\r\nSOURCE /d HTTP/1.1\r\n\(Self.marker)brew\r\n\r\n"
        #expect(Self.rewrite(input, pieceSize: pieceSize) == (expected, false))
    }

    @Test(
        "Anything outside plain HTTP/1 framing makes it step aside, bytes unchanged",
        arguments: [
            "BREW / HTTP/1.1\nHost: x\r\n\r\n",
            "BREW / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
            "BREW / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n",
            "BREW / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "BREW / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",
            "BREW / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n",
            "BREW / HTTP/1.1\r\nX: 1\r\n folded\r\n\r\n",
            "CONNECT a:1 HTTP/1.1\r\n\r\nBREW / HTTP/1.1\r\n\r\n",
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
            "B{R}EW / HTTP/1.1\r\n\r\n",
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nBREW / HTTP/1.1\r\n\r\n",
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\nBREW / HTTP/1.1\r\n\r\n",
        ])
    func stepsAside(input: String) {
        #expect(Self.rewrite(input, pieceSize: 3) == (input, true))
    }

    @Test("A head larger than the limit is handed on unchanged for the parser to refuse")
    func hugeHead() {
        let input = "BREW / HTTP/1.1\r\nX: " + String(repeating: "a", count: ExtensionMethodRewriter.maximumHeadSize)
        let result = Self.rewrite(input, pieceSize: 4096)
        #expect(result.output == input)
        #expect(result.passedThrough)
    }

    @Test("A truncated head is held back, then handed on unchanged when the input ends")
    func truncatedHead() {
        var rewriter = ExtensionMethodRewriter()
        #expect(rewriter.process(ByteBuffer(string: "BREW /po")).isEmpty)
        #expect(rewriter.flush() == ByteBuffer(string: "BREW /po"))
        #expect(rewriter.flush() == nil)
    }
}
