import Foundation
import Networking
import Testing

@testable import SandboxCore

@Suite("Reading multipart/form-data")
struct MultipartFormDataTests {
    private static func body(_ text: String) -> Data { Data(text.utf8) }

    @Test("A browser's form: a preamble, text fields, a file, escaped names, RFC 5987 filenames")
    func browserForm() throws {
        let body = Self.body(
            "preamble to ignore\r\n--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nSunny\r\n"
                + "--XyZ  \r\ncontent-disposition: form-data; name=\"a%22b%0Ac\"\r\n\r\nline1\r\nline2\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=photo; filename=\"x.jpg\"; "
                + "filename*=UTF-8''caf%C3%A9.jpg\r\nContent-Type: image/jpeg\r\n\r\n\u{1}\u{2}\r\n--XyZ--\r\nepilogue")
        let form = try MultipartFormData(body: body, contentType: "multipart/form-data; boundary=\"XyZ\"")
        #expect(form.parts.map(\.name) == ["title", "a\"b\nc", "photo"])
        #expect(form.part("title")?.text == "Sunny")
        #expect(form.part("a\"b\nc")?.text == "line1\r\nline2")
        #expect(form.part("photo")?.filename == "café.jpg")
        #expect(form.part("photo")?.contentType == "image/jpeg")
        #expect(form.part("photo")?.data == Data([1, 2]))
    }

    @Test("What the SDK's MultipartForm writes is read back exactly")
    func roundTrip() async throws {
        var written = MultipartForm()
        written.append("Zoë \"quoted\"\r\nnext", name: "description")
        written.append(Data((0..<5000).map { UInt8($0 % 251) }), name: "file", filename: "ü \"q\".bin")
        let body = try await written.body.collect(upTo: 1 << 20)
        let read = try MultipartFormData(body: body, contentType: written.contentType)
        #expect(read.part("description")?.text == "Zoë \"quoted\"\r\nnext")
        #expect(read.part("file")?.filename == "ü \"q\".bin")
        #expect(read.part("file")?.data == Data((0..<5000).map { UInt8($0 % 251) }))
    }

    @Test(
        "Hostile or broken bodies are refused with a reason, never trapped",
        arguments: [
            ("", "multipart/form-data; boundary=b"),
            ("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nno end", "multipart/form-data; boundary=b"),
            ("--b\r\nno colon\r\n\r\nx\r\n--b--", "multipart/form-data; boundary=b"),
            ("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--", "multipart/form-data; boundary=b"),
            ("--b\r\nContent-Disposition: attachment; name=x\r\n\r\nx\r\n--b--", "multipart/form-data; boundary=b"),
            ("--bjunk\r\n", "multipart/form-data; boundary=b"),
            ("--b", "multipart/form-data; boundary=b"),
            ("x", "application/json"),
            ("x", "multipart/form-data"),
            ("x", "multipart/form-data; boundary=" + String(repeating: "b", count: 71)),
        ])
    func refused(body: String, contentType: String) {
        #expect(throws: MultipartFormData.Failure.self) {
            _ = try MultipartFormData(body: Data(body.utf8), contentType: contentType)
        }
    }

    @Test("The number of parts and the size of a part's headers are bounded")
    func bounds() {
        let part = "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\ny\r\n"
        let many = String(repeating: part, count: MultipartFormData.maxParts + 1) + "--b--\r\n"
        #expect(throws: MultipartFormData.Failure.tooManyParts(limit: MultipartFormData.maxParts)) {
            _ = try MultipartFormData(body: Data(many.utf8), contentType: "multipart/form-data; boundary=b")
        }
        let longHeader =
            "--b\r\nContent-Disposition: form-data; name=\"x\"\r\nX-Pad: "
            + String(repeating: "a", count: MultipartFormData.maxHeaderSize) + "\r\n\r\ny\r\n--b--\r\n"
        #expect(throws: MultipartFormData.Failure.headersTooLarge(limit: MultipartFormData.maxHeaderSize)) {
            _ = try MultipartFormData(body: Data(longHeader.utf8), contentType: "multipart/form-data; boundary=b")
        }
    }
}
