import Foundation
import Networking
import Testing

@testable import SandboxCore

/// How the Sandbox reads a file request's `Range`, `If-Range` and
/// conditional headers (RFC 9110), hostile ones included.
@Suite("Files: byte ranges and validators")
struct FileResponseTests {
    @Test("One range of any form, and what is not one range")
    func ranges() {
        let cases: [(String, Int, FileRequest.Answer)] = [
            ("bytes=0-99", 1000, .part(0..<100)),
            ("bytes=100-", 1000, .part(100..<1000)),
            ("bytes=-10", 1000, .part(990..<1000)),
            ("bytes=-5000", 1000, .part(0..<1000)),
            ("bytes=990-5000", 1000, .part(990..<1000)),
            ("BYTES = 0-0", 1000, .part(0..<1)),
            ("bytes=1000-", 1000, .unsatisfiable),
            ("bytes=-0", 1000, .unsatisfiable),
            ("bytes=99999999999999999999999-", 1000, .unsatisfiable),
            ("bytes=0-99999999999999999999999", 1000, .part(0..<1000)),
            ("bytes=-99999999999999999999999", 1000, .part(0..<1000)),
            ("bytes=0-0", 0, .unsatisfiable),
            ("bytes=5-2", 1000, .whole),
            ("bytes=0-1,5-6", 1000, .whole),
            ("items=0-1", 1000, .whole),
            ("bytes=a-b", 1000, .whole),
            ("bytes=-", 1000, .whole),
            ("bytes=+1-2", 1000, .whole),
            ("bytes=١-٢", 1000, .whole),
            ("", 1000, .whole),
        ]
        for (header, size, expected) in cases {
            #expect(FileRequest.byteRange(header, size: size) == expected, "\(header) of \(size)")
        }
    }

    @Test("If-Range: a strong tag that matches, or the exact date; anything else ignores Range")
    func ifRange() {
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        func applies(_ condition: String?, etag: String? = "\"abc\"") -> Bool {
            var headers: HeaderFields = ["Range": "bytes=0-1"]
            if let condition { headers["If-Range"] = condition }
            let request = SandboxRequest("GET", "/f", headers: headers)
            return FileRequest.rangeApplies(request, etag: etag, lastModified: modified)
        }
        #expect(applies(nil))
        #expect(applies("\"abc\""))
        #expect(!applies("\"old\""))
        #expect(!applies("W/\"abc\""))
        #expect(!applies("\"abc\"", etag: "W/\"abc\""))
        #expect(applies(HTTPDate.string(from: modified)))
        #expect(!applies(HTTPDate.string(from: modified.addingTimeInterval(-1))))
        #expect(!applies("not a date"))
    }

    @Test("A file answers 206, 416, 304 and HEAD with the right headers")
    func answers() {
        let data = Data((0..<300).map { UInt8($0 % 256) })
        func answer(_ method: String, _ headers: HeaderFields) -> SandboxResponse {
            .file(data, for: SandboxRequest(method, "/f", headers: headers), contentType: "x/y", etag: "\"e\"")
        }
        let part = answer("GET", ["Range": "bytes=10-19"])
        #expect(part.status == 206 && part.data == data[10..<20])
        #expect(part.headers["Content-Range"] == "bytes 10-19/300" && part.headers["Content-Length"] == "10")
        let past = answer("GET", ["Range": "bytes=300-"])
        #expect(past.status == 416 && past.headers["Content-Range"] == "bytes */300")
        let head = answer("HEAD", ["Range": "bytes=10-19"])
        #expect(head.status == 200 && head.data.isEmpty && head.headers["Content-Length"] == "300")
        #expect(answer("GET", ["If-None-Match": "W/\"e\", \"x\""]).status == 304)
        #expect(answer("GET", [:]).headers["Accept-Ranges"] == "bytes")
    }
}
