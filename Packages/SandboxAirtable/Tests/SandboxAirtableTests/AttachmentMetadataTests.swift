import Foundation
import Testing

@testable import SandboxAirtable

@Suite("Attachment metadata: a file's type, and an image's size from its header")
struct AttachmentMetadataTests {
    /// A PNG's signature and IHDR chunk for an image of `width` × `height`.
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    @Test("PNG, GIF and JPEG headers give the type and the size in pixels")
    func images() {
        let png = AttachmentMetadata(data: Self.png(width: 640, height: 480), contentType: nil)
        #expect(png == AttachmentMetadata(type: "image/png", width: 640, height: 480))
        let gif = AttachmentMetadata(data: Data(Array("GIF89a".utf8) + [0x20, 0x01, 0x10, 0x00]), contentType: nil)
        #expect(gif == AttachmentMetadata(type: "image/gif", width: 288, height: 16))
        // SOI, fill bytes, an APP0 segment of 16 bytes, then SOF2 (progressive): 100 × 50.
        let jpeg: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0, count: 14)
            + [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x00, 0x32, 0x00, 0x64, 0x03]
        #expect(
            AttachmentMetadata(data: Data(jpeg), contentType: "image/jpeg; q=1")
                == AttachmentMetadata(type: "image/jpeg", width: 100, height: 50))
    }

    @Test("The served type wins over the sniffed one unless it is octet-stream; unknown bytes have no size")
    func types() {
        let png = Self.png(width: 1, height: 1)
        #expect(AttachmentMetadata(data: png, contentType: "application/octet-stream").type == "image/png")
        #expect(AttachmentMetadata(data: png, contentType: "Image/X-Custom").type == "image/x-custom")
        let text = AttachmentMetadata(data: Data("Hello, World!".utf8), contentType: "text/plain; charset=utf-8")
        #expect(text == AttachmentMetadata(type: "text/plain", width: nil, height: nil))
        #expect(AttachmentMetadata(data: Data("<html>".utf8), contentType: nil).type == "application/octet-stream")
        #expect(AttachmentMetadata(data: Data(), contentType: nil).type == "application/octet-stream")
    }

    @Test("Truncated and hostile headers give no size, never a crash or an endless walk")
    func hostile() {
        let cases: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0],  // PNG cut short
            Array("GIF87a".utf8) + [1],  // GIF cut short
            [0xFF, 0xD8],  // JPEG with nothing after its start
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00],  // a segment length of 0
            [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0x00],  // a length past the end
            [0xFF, 0xD8] + Array(repeating: 0xFF, count: 10_000),  // fill bytes only
            [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08],  // a frame header cut short
            [0xFF, 0xD8, 0x12, 0x34],  // not a marker
        ]
        for bytes in cases {
            let metadata = AttachmentMetadata(data: Data(bytes), contentType: nil)
            #expect(metadata.width == nil && metadata.height == nil, "\(bytes.prefix(12))")
        }
    }

    @Test("Only localhost, ::1 and IPv4 literals in 127.0.0.0/8 are this machine")
    func thisMachine() {
        for text in ["http://localhost:8080/a", "http://127.0.0.1/a", "http://127.1.2.3:9/a", "http://[::1]:80/a"] {
            #expect(URL(string: text)?.isOnThisMachine == true, "\(text)")
        }
        for text in [
            "http://127.example.com/a", "http://127.0.0.1.example.com/a", "http://128.0.0.1/a", "http://127.0.0.256/a",
            "http://example.com/a", "http://10.0.0.1/a", "file:///etc/passwd",
        ] {
            #expect(URL(string: text)?.isOnThisMachine == false, "\(text)")
        }
    }
}
